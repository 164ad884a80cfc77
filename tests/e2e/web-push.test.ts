import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch } from './helpers/browser';

let browser: Browser;
beforeAll(async () => {
  // The headless shell the other files share shows no system notifications.
  browser = await launch({ fullBrowser: true });
});
afterAll(() => browser?.close());

/**
 * Headless Chromium has no push service, but DevTools can hand the service worker a push
 * message exactly as one would arrive: the worker must show it as a system notification.
 */
describe('web push in the service worker', () => {
  it('a push message is shown as a notification that opens the Notifications Center', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL(), serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: BASE_URL() });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL(),
      registrationId: await registrationId,
      data: JSON.stringify({ title: 'Pushed title', message: 'Pushed body', url: '/notifications', id: 'n-1' }),
    });

    // showNotification can take more than poll's default second on a loaded machine, and the
    // full browser this file launches took over 10 s once in a full run under a load average of
    // ~20 (alone it shows in well under a second). The poll reads the worker's own notifications.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
          }),
        { timeout: 30_000 },
      )
      .toEqual([{ title: 'Pushed title', body: 'Pushed body', data: { url: '/notifications' } }]);
    await context.close();
  });
});

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
    // The worker's own signal that it is done with the push: Chromium reports the push event
    // completed once the promise the worker hands to event.waitUntil (showNotification) settles.
    const pushCompleted = new Promise<string | undefined>((resolve) => {
      cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
        if (event.eventName === 'Push event completed')
          resolve(event.eventMetadata.find((entry: { key: string }) => entry.key === 'Status')?.value);
      });
    });
    await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
    await cdp.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL(),
      registrationId: await registrationId,
      data: JSON.stringify({ title: 'Pushed title', message: 'Pushed body', url: '/notifications', id: 'n-1' }),
    });
    expect(await pushCompleted).toBe('Success');

    // Read the notifications only now, once: getNotifications() drops from Chromium's database
    // every notification written before the call that is not on screen yet, so polling it while
    // the worker was still showing this one lost it for good (a CI run under load read [] for
    // 30 s after showNotification had resolved; 1 in 20 here beside eight CPU burners).
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
    });
    expect(shown).toEqual([{ title: 'Pushed title', body: 'Pushed body', data: { url: '/notifications' } }]);
    await context.close();
  });
});

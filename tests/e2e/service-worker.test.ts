import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch } from './helpers/browser';
import { signIn, waitForSignedIn } from './helpers/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('service worker and error page', () => {
  it('registers /sw.js, stamped with the build version, and it takes control', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL(), serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(scriptUrl!).pathname).toBe('/sw.js');
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data.version));
          navigator.serviceWorker.ready.then((r) => r.active?.postMessage('version'));
        }),
    );
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('/error_500 shows the error page inside the layout', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL(), serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, 'trucker@demo.test');
    await waitForSignedIn(page, '/business_info');
    await page.goto('/error_500');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    await context.close();
  });
});

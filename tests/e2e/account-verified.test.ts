import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newContext, screenshot } from './helpers/browser';
import { PASSWORD, signIn, waitForPath, waitForSignedIn } from './helpers/app';
import { hubConnected } from './helpers/live';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function api(path: string, init: { method: string; token?: string; body?: object }) {
  const res = await fetch(`${BASE_URL()}${path}`, {
    method: init.method,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return res;
}

async function tokenAndId(email: string) {
  const res = await api('/api/user/login', { method: 'POST', body: { email, password: PASSWORD } });
  const body = (await res.json()) as { result: { id: string } };
  return { token: res.headers.get('authorization')!.replace(/^Bearer /, ''), id: body.result.id };
}

describe('account verification, live', () => {
  it('a user waiting on /register is let in the moment an administrator verifies them', async () => {
    const admin = await tokenAndId('admin@demo.test');
    const mover = await tokenAndId('mover@demo.test');
    const setVerified = (isVerified: boolean) =>
      api('/api/AdminAccount/user-status', { method: 'PATCH', token: admin.token, body: { id: mover.id, isVerified } });
    expect((await setVerified(false)).status).toBe(200);
    try {
      const context = await newContext(browser);
      const page = await context.newPage();
      const connected = hubConnected(page);
      await page.goto('/');
      await signIn(page, 'mover@demo.test');
      await waitForPath(page, '/register');
      await page.getByText('Your account is waiting for an administrator to verify it').waitFor();
      await screenshot(page, 'register-waiting');
      // once the live channel is up, verify through the admin API
      await connected;
      // The app lets them in at once and then loads itself again to start afresh
      // (RELOAD_AFTER_EVENT_MS, src/providers/live/connection-manager.ts): wait for that load.
      const reloaded = page.waitForEvent('load', { timeout: 15_000 });
      expect((await setVerified(true)).status).toBe(200);
      await reloaded;
      await waitForSignedIn(page, '/business_management');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(stored.userData).toMatchObject({ isVerified: true, detailsSubmited: true });
      await context.close();
    } finally {
      await setVerified(true);
    }
  });
});

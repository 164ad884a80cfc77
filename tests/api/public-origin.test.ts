/**
 * Every address the server hands out takes the app's public origin from one rule
 * (server/http/public-origin.ts, its cases in tests/unit/public-origin.test.ts), here through two
 * routes that had rules of their own: a payment link (which read X-Forwarded-Host from any caller,
 * so a caller chose the domain of a pay link, and ignored the calling page) and Facebook's return
 * address. On a server without APP_URL and without TRUST_PROXY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain/api-paths';
import { FACEBOOK_API } from '../../src/domain/facebook/api';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { enabled: false },
    corsOrigins: ['http://localhost:5173'],
    // Connect only builds the dialog's address: nothing is sent to this Graph address.
    facebook: {
      appId: 'app-id',
      appSecret: 'app-secret',
      graphUrl: 'http://127.0.0.1:1/v21.0',
      dialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
      timeoutMs: 1_000,
    },
  });
  owner = (await t.login('clubowner@demo.test')).access;
});
afterAll(() => t?.close());

const link = async (headers: Record<string, string>) => {
  const res = await t.call({
    method: 'POST',
    url: API.checkoutSession,
    token: owner,
    payload: { amount: 2500, description: 'VIP table deposit' },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().result.url as string).origin;
};
const facebookReturn = async (headers: Record<string, string>) => {
  const res = await t.call({ method: 'POST', url: FACEBOOK_API.connect, token: owner, headers });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().result.url as string).searchParams.get('redirect_uri');
};

describe('the public origin of the addresses handed out', () => {
  it('a payment link is on the calling page when it is ours, never on a host the caller forwards', async () => {
    expect(await link({ host: 'api.example.com', 'x-forwarded-host': 'evil.example' })).toBe('http://api.example.com');
    expect(await link({ host: 'api.example.com', origin: 'http://localhost:5173' })).toBe('http://localhost:5173');
    expect(await link({ host: 'api.example.com', origin: 'https://evil.example' })).toBe('http://api.example.com');
  });

  it("Facebook's return address follows the same rule", async () => {
    expect(await facebookReturn({ host: 'api.example.com', origin: 'http://localhost:5173' })).toBe(
      'http://localhost:5173/facebook_ads',
    );
    expect(await facebookReturn({ host: 'api.example.com', 'x-forwarded-host': 'evil.example' })).toBe(
      'http://api.example.com/facebook_ads',
    );
  });
});

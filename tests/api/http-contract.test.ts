import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'bo-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(clientDir, 'mail-frame.html'), '<!doctype html><script src="/mail-frame.js"></script>');
  t = await createTestApp({ clientDir, bodyLimitBytes: 64 * 1024 });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const noStack = (body: string) => {
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toMatch(/node_modules|stack/i);
};

describe('HTTP contract', () => {
  it('GET /health reports the database', async () => {
    const res = await t.call({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'ok', database: { status: 'up' } });
    expect(typeof res.json().result.database.latencyMs).toBe('number');
  });

  it('routing is case-insensitive', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/API/USER/LOGIN',
      payload: { email: 'user@demo.test', password: 'Demo1234!' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('unparseable JSON is a 400 with a clear message', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', errors: {} });
    noStack(res.body);
  });

  it('a JSON array or scalar body is a 400, not a 500', async () => {
    for (const payload of ['[1,2]', '"text"', 'null', '42']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      noStack(res.body);
    }
  });

  it('prototype-poisoning keys are refused', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('an oversize body is a 413', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'user@demo.test', password: 'x'.repeat(100 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large');
  });

  it('an unsupported content type is a 415', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Unsupported content type');
  });

  it('an unknown /api path is a JSON 404, signed in or not', async () => {
    const anon = await t.call({ method: 'GET', url: '/api/does/not/exist' });
    expect(anon.statusCode).toBe(404);
    expect(anon.json()).toEqual({ message: 'This API route does not exist', errors: {} });
    const post = await t.call({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('a protected route without a token is a 401 with the contract body', async () => {
    const res = await t.call({ method: 'GET', url: '/api/User/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You need to sign in', errors: {} });
    const bad = await t.call({ method: 'GET', url: '/api/User/me', headers: { authorization: 'Basic abc' } });
    expect(bad.statusCode).toBe(401);
  });

  it('any other GET serves the SPA (history fallback) with a CSP; assets are cached immutably', async () => {
    const page = await t.call({ method: 'GET', url: '/user_management/42/user_details' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await t.call({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("the mail preview's frame has a policy of its own: https pictures, no scripts but its own, no framing by others", async () => {
    // The app's pages keep pictures to the app itself (and data: and blob:).
    const page = await t.call({ method: 'GET', url: '/email_template_setup' });
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // A mail previewed in its frame (src/ui/mail/MailFrame.tsx) shows its pictures from other sites,
    // as a mail app does; a frame drawn inside the app inherits the app's policy and showed none.
    const frame = await t.call({ method: 'GET', url: '/mail-frame.html' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['cache-control']).toBe('no-cache');
    expect(frame.headers['content-security-policy']).toBe(
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data: https:",
        "frame-ancestors 'self'",
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
    );
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('CORS allows the configured origins and exposes the contract headers', async () => {
    const pre = await t.call({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'http://localhost:5173' },
      payload: { email: 'user@demo.test', password: 'Demo1234!' },
    });
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/).sort()).toEqual(
      ['authorization', 'content-disposition', 'paging-data', 'refreshtoken', 'retry-after'].sort(),
    );
    const evil = await t.call({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const doc = await t.call({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths).map((p) => p.toLowerCase());
    for (const p of ['/api/user/login', '/api/user/refresh-token', '/api/user/forgot-password', '/api/user/logs']) {
      expect(paths).toContain(p);
    }
    const login = doc.json().paths['/api/user/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('email');
    const ui = await t.call({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('every response carries basic security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('a rebuild while the server runs', () => {
  it('serves asset files that appeared after start-up, and never files outside the build', async () => {
    writeFileSync(join(clientDir, 'assets', 'late-chunk-xyz.js'), 'console.log(2)');
    const late = await t.call({ method: 'GET', url: '/assets/late-chunk-xyz.js' });
    expect(late.statusCode).toBe(200);
    expect(late.headers['content-type']).toMatch(/javascript/);
    expect(late.body).toBe('console.log(2)');
    const escape = await t.call({ method: 'GET', url: '/assets/..%2F..%2Fetc%2Fpasswd' });
    expect(escape.body).not.toContain('root:');
  });
});

// @vitest-environment node
/**
 * The app's public origin (server/http/public-origin.ts), the one rule behind every address the
 * server hands out or mails: APP_URL; else the calling page's origin when it is a CORS origin
 * (ours); else the address the call reached (request.host, which honours X-Forwarded-Host only
 * behind a trusted proxy); without a call, localhost. Its routes: tests/api/public-origin.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { publicOrigin } from '../../server/http/public-origin';

const config = { appUrl: null, corsOrigins: ['http://localhost:3000', 'http://localhost:5173'], port: 3000 };
const call = (headers: Record<string, string> = {}, host = 'api.example.com') => ({
  headers,
  protocol: 'https' as const,
  host,
});

describe('the public origin', () => {
  it('is APP_URL when set, whatever the call says', () => {
    const set = { ...config, appUrl: 'https://backoffice.example.com' };
    expect(publicOrigin(set, call({ origin: 'http://localhost:5173' }))).toBe('https://backoffice.example.com');
    expect(publicOrigin(set, null)).toBe('https://backoffice.example.com');
  });

  it("is the calling page's origin when it is one this server serves, else the address the call reached", () => {
    expect(publicOrigin(config, call({ origin: 'http://localhost:5173' }))).toBe('http://localhost:5173');
    expect(publicOrigin(config, call({ origin: 'https://evil.example' }))).toBe('https://api.example.com');
    expect(publicOrigin(config, call())).toBe('https://api.example.com');
    // A forwarded host counts only as request.host gives it (TRUST_PROXY), never read raw.
    expect(publicOrigin(config, call({ 'x-forwarded-host': 'evil.example' }))).toBe('https://api.example.com');
  });

  it('is this server on localhost without a call (a background job)', () => {
    expect(publicOrigin(config, null)).toBe('http://localhost:3000');
  });
});

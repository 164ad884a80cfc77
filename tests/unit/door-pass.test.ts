// @vitest-environment node
/** The door pass: tokens signed and checked, tampering refused, scanned links and typed codes read. */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { passLink, passToken, verifyPassToken } from '../../server/modules/reservations/door-pass';
import { passFromTyped, tokenFromScan } from '../../src/domain/door/redeem';
import { formatZonedDateTime } from '../../src/domain/venue/zoned-format';
import { isPassCodeShape, normalisePassCode } from '../../src/domain/reservations/pass-code';

const appWith = (jwtSecret: string) =>
  ({ ctx: { config: { jwtSecret, appUrl: 'https://club.example', port: 3000 } } }) as unknown as FastifyInstance;

describe('pass tokens', () => {
  const app = appWith('secret-one');
  it('sign and verify a reservation and a ticket', async () => {
    for (const kind of ['reservation', 'ticket'] as const) {
      const token = await passToken(app, { kind, code: 'K7QDM2XP9R' });
      expect(token).toMatch(/^[\w-]+\.[\w-]{22}$/);
      expect(await verifyPassToken(app, token)).toEqual({ kind, code: 'K7QDM2XP9R' });
    }
  });

  it('refuse a token signed with another secret, a changed code or kind, and junk', async () => {
    const token = await passToken(app, { kind: 'reservation', code: 'K7QDM2XP9R' });
    expect(await verifyPassToken(appWith('secret-two'), token)).toBeNull();
    const mac = token.split('.')[1];
    expect(await verifyPassToken(app, `${Buffer.from('tK7QDM2XP9R').toString('base64url')}.${mac}`)).toBeNull();
    expect(await verifyPassToken(app, `${Buffer.from('rK7QDM2XP9S').toString('base64url')}.${mac}`)).toBeNull();
    for (const junk of ['', 'abc', `${token}x`, `${token}.x`, 'a.b'])
      expect(await verifyPassToken(app, junk)).toBeNull();
  });

  it('link to the ticket page, and the door reads the token back from a scanned link', async () => {
    const link = await passLink(app, null, { kind: 'ticket', code: 'ABCDEFGH12' });
    expect(link.startsWith('https://club.example/ticket/')).toBe(true);
    expect(await verifyPassToken(app, tokenFromScan(link))).toEqual({ kind: 'ticket', code: 'ABCDEFGH12' });
    expect(tokenFromScan(' abc.def ')).toBe('abc.def');
    expect(tokenFromScan('https://x/ticket/abc.def?utm=1')).toBe('abc.def');
  });
});

describe('typed codes and links', () => {
  it('normalise what the door types', () => {
    expect(normalisePassCode(' k7qd-m2xp 9o ')).toBe('K7QDM2XP90');
    expect(isPassCodeShape(normalisePassCode('k7qd-m2xp-9r'))).toBe(true);
    expect(isPassCodeShape('K7QD')).toBe(false);
  });

  it('tell a pasted pass link or token from a typed code, and nothing from blanks', () => {
    expect(passFromTyped('  https://club.example/ticket/abc.def?x=1 ')).toEqual({
      token: 'https://club.example/ticket/abc.def?x=1',
    });
    expect(passFromTyped('abc.def')).toEqual({ token: 'abc.def' });
    expect(passFromTyped(' k7qd-m2xp-9r ')).toEqual({ code: 'k7qd-m2xp-9r' });
    expect(passFromTyped('   ')).toBeNull();
  });

  it('show venue wall-clock times', () => {
    const tz = 'America/New_York';
    expect(formatZonedDateTime('2026-11-28T04:00:00Z', tz)).toBe('11/27/2026 11:00 PM');
    expect(formatZonedDateTime('2026-11-28T17:05:00Z', tz)).toBe('11/28/2026 12:05 PM');
  });
});

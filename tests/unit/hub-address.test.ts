import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '../../server/hub/upgrade';

/** The address a hub socket without a valid token is counted under (server/hub/upgrade.ts). */
describe('hub client address', () => {
  it('counts IPv4 as is, IPv4 written as IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8::1')).toBe(addressKey('2001:db8:0:0:ffff::2'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  const request = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('reads X-Forwarded-For only behind a trusted proxy, its first entry as request.ip does', () => {
    expect(clientAddress(request('10.0.0.5', '198.51.100.1, 10.0.0.9'), false)).toBe('10.0.0.5');
    expect(clientAddress(request('10.0.0.5', '198.51.100.1, 10.0.0.9'), true)).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.5'), true)).toBe('10.0.0.5');
    expect(clientAddress(request('::ffff:10.0.0.5', ''), true)).toBe('10.0.0.5');
  });
});

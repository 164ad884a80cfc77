// @vitest-environment node
/** Which addresses a webhook may go to (src/domain/webhooks/private-address.ts), and the URL rules. */
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, parseIPv6 } from '../../src/domain/webhooks/private-address';
import { webhookEndpointSchema, webhookUrlProblem } from '../../src/domain/webhooks/schemas';

const PRIVATE = [
  // IPv4: unspecified, private, loopback, link-local, CGNAT, multicast, reserved, documentation
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '127.0.0.1',
  '127.255.0.9',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '100.127.255.255',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '192.0.2.10',
  '198.51.100.1',
  '203.0.113.5',
  '198.18.0.1',
  '192.0.0.8',
  // IPv6: unspecified, loopback, link-local (with zone), ULA, multicast, site-local, documentation
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  '[::1]',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  'fec0::1',
  '2001:db8::1',
  '2001::1',
  '100::1',
  // IPv4-mapped / -compatible / -translated / NAT64 / 6to4 forms of private addresses
  '::ffff:127.0.0.1',
  '::FFFF:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::127.0.0.1',
  '::ffff:0:192.168.0.1',
  '64:ff9b::10.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
  '2002:c0a8:0101::1',
  // Not an address at all: fail closed
  'localhost',
  'example.com',
  '',
  '1.2.3',
  '1.2.3.4.5',
  '256.1.1.1',
  '01.2.3.4',
  '0x7f.0.0.1',
  '1::2::3',
  '12345::1',
  '1:2:3:4:5:6:7:8:9',
  ':::',
];
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255',
  '100.128.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '192.167.1.1',
  '169.253.1.1',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:0808:0808::1',
  '[2606:4700::1]',
];

describe('isPrivateAddress', () => {
  it.each(PRIVATE)('refuses %s', (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(PUBLIC)('allows %s', (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it('parses IPv6 with an IPv4 tail and ::', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('1::8')).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(parseIPv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(parseIPv6('1:2:3:4:5:6:7:8::')).toBeNull();
  });
});

describe('webhookUrlProblem', () => {
  it('wants https unless private destinations are allowed', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', false)).toBe('The address must start with https://');
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(webhookUrlProblem('ftp://example.com', true)).toBe('Enter a valid web address starting with https://');
    expect(webhookUrlProblem('not a url', true)).toBe('Enter a valid web address starting with https://');
  });
  it('refuses a space, a tab or a line break inside the address, not around it', () => {
    for (const url of ['https://example.com/hook path', 'https://example.com/a\tb', 'https://exa\nmple.com/'])
      expect(webhookUrlProblem(url, false), JSON.stringify(url)).toBe('The address must not contain spaces');
    expect(webhookUrlProblem('  https://example.com/hook  ', false)).toBeNull();
    expect(
      webhookEndpointSchema(false).safeParse({ url: 'https://example.com/hook path', events: ['reservation.created'] })
        .error?.issues[0],
    ).toMatchObject({ path: ['url'], message: 'The address must not contain spaces' });
  });
  it('refuses credentials and literal private hosts', () => {
    expect(webhookUrlProblem('https://u:p@example.com/', true)).toBe(
      'The address must not contain a user name or password',
    );
    for (const url of [
      'https://127.1/',
      'https://2130706433/',
      'https://[::1]/',
      'https://localhost/',
      'https://a.localhost/',
    ])
      expect(webhookUrlProblem(url, false), url).toBe(
        'Webhooks can only be sent to public addresses, not to private or local ones',
      );
  });
});

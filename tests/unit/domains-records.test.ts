// @vitest-environment node
/**
 * The email domains' shared rules (src/domain/domains): what the add form and the server accept
 * as a host name, the SPF and DMARC records merged with what a domain already has, the DKIM
 * value cut into TXT strings, the zone-file lines and the marked difference the authenticate
 * page shows. The DNS check itself is proven in tests/api/domains.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { differenceOf } from '../../src/domain/domains/difference';
import { hostNameProblem } from '../../src/domain/domains/hostname';
import {
  mergeDmarc,
  mergeSpf,
  recordsToPublish,
  spfLookupTerms,
  txtStrings,
  zoneFile,
} from '../../src/domain/domains/records';

describe('host names', () => {
  it.each([
    ['example.com', null],
    ['Mail.Example.COM.', null],
    ['bücher.example', null],
    ['xn--bcher-kva.example', null],
    ['http://example.com', 'domainHasScheme'],
    ['HTTPS://example.com', 'domainHasScheme'],
    ['example.com/path', 'domainHasPath'],
    ['example.com?x=1', 'domainHasPath'],
    ['example.com:25', 'domainHasPort'],
    ['10.0.0.1', 'domainIsIp'],
    ['10.0.0.1:25', 'domainIsIp'],
    ['::1', 'domainIsIp'],
    ['[2001:db8::1]', 'domainIsIp'],
    ['v=DKIM1; k=rsa; p=MIIB', 'domainDkimPasted'],
    ['p=MIIBIjANBgkq', 'domainDkimPasted'],
    ['localhost', 'domainInvalid'],
    ['sel._domainkey.example.com', 'domainInvalid'],
    ['-a.com', 'domainInvalid'],
    ['a..com', 'domainInvalid'],
    ['example.123', 'domainInvalid'],
    ['bluenoteclub.c', 'domainInvalid'],
    ['a.b', 'domainInvalid'],
    ['x.co', null],
    ['user@example.com', 'domainInvalid'],
  ])('%s → %s', (input, problem) => expect(hostNameProblem(input)).toBe(problem));
});

describe('SPF', () => {
  const ours = '_spf.backoffice.local';
  it('stands alone, joins an existing record before its all, and merges two into one', () => {
    expect(mergeSpf([], ours)).toBe('v=spf1 include:_spf.backoffice.local ~all');
    expect(mergeSpf(['v=spf1 ip4:1.2.3.4 -all'], ours)).toBe('v=spf1 ip4:1.2.3.4 include:_spf.backoffice.local -all');
    expect(mergeSpf(['v=spf1 include:_spf.backoffice.local ~all'], ours)).toBe(
      'v=spf1 include:_spf.backoffice.local ~all',
    );
    expect(mergeSpf(['v=spf1 a ~all', 'v=spf1 a mx -all'], ours)).toBe(
      'v=spf1 a mx include:_spf.backoffice.local ~all',
    );
    expect(mergeSpf(['v=spf1 redirect=_spf.other.test'], ours)).toBe(
      'v=spf1 include:_spf.backoffice.local redirect=_spf.other.test',
    );
  });
  it('counts the terms that cost a lookup', () => {
    expect(spfLookupTerms('v=spf1 ip4:1.2.3.4 a mx:x.test include:y.test ~exists:z.test ptr -all')).toEqual({
      count: 5,
      follow: ['y.test'],
    });
  });
});

describe('DMARC', () => {
  it('keeps a policy at least as strong as ours, the strongest of several, and fills one without a policy', () => {
    expect(mergeDmarc([])).toBe('v=DMARC1; p=none');
    expect(mergeDmarc(['v=DMARC1; p=reject; rua=mailto:a@b.test'])).toBe('v=DMARC1; p=reject; rua=mailto:a@b.test');
    expect(mergeDmarc(['v=DMARC1; p=none', 'v=DMARC1; p=quarantine'])).toBe('v=DMARC1; p=quarantine');
    expect(mergeDmarc(['v=DMARC1; rua=mailto:a@b.test'])).toBe('v=DMARC1; p=none; rua=mailto:a@b.test');
  });
});

describe('publishing', () => {
  const keys = { domain: 'example.com', selector: 'bo12345678', publicKey: 'A'.repeat(392) };
  const hosts = { spfInclude: '_spf.backoffice.local', returnPathTarget: 'bounces.backoffice.local' };

  it('cuts the DKIM value into strings of at most 255 characters', () => {
    expect(txtStrings('x'.repeat(600)).map((s) => s.length)).toEqual([255, 255, 90]);
    const [dkim] = recordsToPublish(keys, hosts, { spf: [], dmarc: [] });
    expect(dkim!.host).toBe('bo12345678._domainkey.example.com');
    expect(dkim!.strings.join('')).toBe(dkim!.value);
  });

  it('writes zone-file lines, the long TXT in parentheses and quotes escaped', () => {
    const lines = zoneFile(recordsToPublish(keys, hosts, { spf: ['v=spf1 include:"odd" ~all'], dmarc: [] })).split(
      '\n',
    );
    expect(lines[0]).toMatch(
      /^bo12345678\._domainkey\.example\.com\.\t3600\tIN\tTXT\t\( "v=DKIM1; k=rsa; p=A+" "A+" \)$/,
    );
    expect(lines[1]).toBe('example.com.\t3600\tIN\tTXT\t"v=spf1 include:\\"odd\\" include:_spf.backoffice.local ~all"');
    expect(lines[3]).toBe('bounce.example.com.\t3600\tIN\tCNAME\tbounces.backoffice.local.');
  });

  it('marks where a found value differs', () => {
    expect(differenceOf('v=DKIM1; p=ABCDEF', 'v=DKIM1; p=ABXXEF')).toEqual({
      same: false,
      prefix: 'v=DKIM1; p=AB',
      expected: 'CD',
      found: 'XX',
      suffix: 'EF',
    });
    expect(differenceOf('abc', 'abc').same).toBe(true);
  });
});

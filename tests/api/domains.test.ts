/**
 * Email domains (settings/domains: CLUBOWNER, USER): add (a host name, punycode, a 2048-bit DKIM
 * key that never leaves the server and is sealed at rest), the records to publish, the DNS check against a DNS server
 * this file starts on loopback (tests/api/helpers/dns-server.ts) from zone fixtures, the
 * background re-check's notifications, every bad input and each role and tenant refusal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { emailDomainKeys, notifications, users } from '../../server/db/schema';
import { recheckDomains } from '../../server/modules/domains';
import { dkimKeyBinding } from '../../server/modules/domains/dkim-keys';
import { dkimKeyBox, sealPlainKeys } from '../../server/modules/domains/sending';
import { tableOf } from '../../server/resources/tables';
import { MESSAGES } from '../../src/domain/messages';
import { txtStrings } from '../../src/domain/domains/records';
import type { DomainRecords, RecordCheck } from '../../src/domain/domains/wire';
import { createTestApp, type TestApp } from './helpers/app';
import { DNS_ANSWER_LIMIT_MS, publish, startDnsServer, type DnsServer } from './helpers/dns-server';

const BASE = '/api/crmmanagement/domains';
let t: TestApp;
let dns: DnsServer;
const token: Record<string, string> = {};
const business: Record<string, string> = {};
const userId: Record<string, string> = {};

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({
    rateLimit: { enabled: false },
    domains: { dnsServers: [dns.address], timeoutMs: DNS_ANSWER_LIMIT_MS },
  });
  for (const who of ['clubowner', 'user', 'venueemployee', 'trucker', 'admin']) {
    const { res, access } = await t.login(`${who}@demo.test`);
    token[who] = access;
    const [row] = await t.app.ctx.database.db
      .select({ id: users.id, businessId: users.businessId })
      .from(users)
      .where(eq(users.email, `${who}@demo.test`));
    userId[who] = row!.id;
    business[who] = row!.businessId ?? '';
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await dns.close();
});
beforeEach(() => {
  dns.mode = 'answer';
  for (const name of Object.keys(dns.zone)) delete dns.zone[name];
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'clubowner') =>
  t.call({ method, url, token: token[who], ...(payload === undefined ? {} : { payload: payload as object }) });

let counter = 0;
/** A fresh domain name for each test, so fixtures never meet. */
const fresh = (label = 'mail') => `${label}${++counter}-${Date.now().toString(36)}.example.com`;

async function add(name: string, who = 'clubowner') {
  const res = await call('POST', `${BASE}/add`, { name }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; name: string; unicodeName: string; status: string; selector: string };
}
const records = async (id: string, who = 'clubowner') => {
  const res = await call('GET', `${BASE}/records?domainId=${id}&businessId=${business[who]}`, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as DomainRecords;
};
const authenticate = async (id: string, who = 'clubowner') => {
  const res = await call('PUT', `${BASE}/authenticate?domainId=${id}&businessId=${business[who]}`, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as DomainRecords;
};
const checkOf = (answer: DomainRecords, purpose: RecordCheck['purpose']) =>
  answer.lastCheck!.records.find((r) => r.purpose === purpose)!;
/** Notifications `who` got with this title about this domain. */
const notificationsFor = async (who: string, title: string, domain: string) =>
  (
    await t.app.ctx.database.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientUserId, userId[who]!),
          eq(notifications.title, title),
          like(notifications.message, `${domain} %`),
        ),
      )
  )[0]!.n;
const domainRows = async () => (await t.app.ctx.database.db.select({ n: count() }).from(tableOf('domains')))[0]!.n;

describe('adding a domain', () => {
  it('stores the name, a selector and a 2048-bit key, sealed at rest, whose private half no answer carries', async () => {
    const name = fresh();
    const domain = await add(`  ${name.toUpperCase()}. `);
    expect(domain).toMatchObject({ name, unicodeName: name, status: 'pending' });
    expect(domain.selector).toMatch(/^bo[a-z2-7]{8}$/);
    const [key] = await t.app.ctx.database.db
      .select()
      .from(emailDomainKeys)
      .where(eq(emailDomainKeys.domainId, domain.id));
    // At rest: no PEM, and none of the key's base64 lines.
    const box = await dkimKeyBox(t.app);
    const pem = box.open(key!.privateKey, dkimKeyBinding(business.clubowner!, domain.id))!;
    const material = pem.split('\n').filter((line) => line && !line.startsWith('-----'));
    expect(key!.privateKey).not.toContain('-----BEGIN');
    for (const line of material) expect(key!.privateKey).not.toContain(line);
    // It opens to the key of the published record: a signature verifies with the DNS p= value.
    const privateKey = createPrivateKey(pem);
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const p = /p=([A-Za-z0-9+/=]+)/.exec((await records(domain.id)).records[0]!.value)![1]!;
    const published = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
    const signature = sign('sha256', Buffer.from('a mail'), privateKey);
    expect(verify('sha256', Buffer.from('a mail'), published, signature)).toBe(true);
    // Bound to its row: under another domain's or business's binding it does not open.
    expect(box.open(key!.privateKey, dkimKeyBinding(business.clubowner!, crypto.randomUUID()))).toBeNull();
    expect(box.open(key!.privateKey, dkimKeyBinding(crypto.randomUUID(), domain.id))).toBeNull();
    const answers = [
      JSON.stringify(domain),
      JSON.stringify(await records(domain.id)),
      (await call('GET', `${BASE}/${domain.id}`)).body,
      (await call('GET', `${BASE}?businessId=${business.clubowner}&page=1&perPage=50`)).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain('PRIVATE KEY');
      expect(body).not.toContain(material[0]!);
      expect(body).not.toContain(key!.privateKey);
    }
  });

  it('seals a key stored as plain PEM (before keys were sealed) at start-up, once', async () => {
    const domain = await add(fresh());
    const where = eq(emailDomainKeys.domainId, domain.id);
    const { db } = t.app.ctx.database;
    const box = await dkimKeyBox(t.app);
    const [sealed] = await db.select().from(emailDomainKeys).where(where);
    const pem = box.open(sealed!.privateKey, dkimKeyBinding(business.clubowner!, domain.id))!;
    await db.update(emailDomainKeys).set({ privateKey: pem }).where(where);
    expect(await sealPlainKeys(t.app)).toBe(1);
    const [after] = await db.select().from(emailDomainKeys).where(where);
    expect(after!.privateKey).not.toContain('-----BEGIN');
    expect(box.open(after!.privateKey, dkimKeyBinding(business.clubowner!, domain.id))).toBe(pem);
    expect(await sealPlainKeys(t.app)).toBe(0);
  });

  it('answers the records to publish: DKIM in strings of at most 255, SPF, DMARC and the bounce CNAME', async () => {
    const domain = await add(fresh());
    const answer = await records(domain.id);
    const [dkim, spf, dmarc, bounce] = answer.records;
    expect(dkim).toMatchObject({ purpose: 'dkim', type: 'TXT', host: `${domain.selector}._domainkey.${domain.name}` });
    expect(dkim!.value).toMatch(/^v=DKIM1; k=rsa; p=MIIB/);
    expect(dkim!.strings.length).toBeGreaterThan(1);
    expect(dkim!.strings.every((s) => s.length <= 255)).toBe(true);
    expect(dkim!.strings.join('')).toBe(dkim!.value);
    expect(spf).toMatchObject({ host: domain.name, value: 'v=spf1 include:_spf.backoffice.local ~all' });
    expect(dmarc).toMatchObject({ host: `_dmarc.${domain.name}`, value: 'v=DMARC1; p=none' });
    expect(bounce).toMatchObject({ type: 'CNAME', host: `bounce.${domain.name}`, value: 'bounces.backoffice.local' });
    expect(answer.lastCheck).toBeNull();
  });

  it('stores an internationalised name as punycode and shows its Unicode form', async () => {
    const domain = await add(`bücher-${++counter}.example.com`);
    expect(domain.name).toMatch(/^xn--bcher-.*\.example\.com$/);
    expect(domain.unicodeName).toBe(`bücher-${counter}.example.com`);
  });

  it('finds an internationalised domain in the list by its Unicode form (accents or not) and by its DNS form', async () => {
    const unicode = `bücherstube-${++counter}-${Date.now().toString(36)}.example.com`;
    const domain = await add(unicode);
    const search = async (query: string) => {
      const res = await call('GET', `${BASE}?businessId=${business.clubowner}&query=${encodeURIComponent(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().result as { id: string; unicodeName: string }[]).filter((d) => d.id === domain.id);
    };
    for (const query of [unicode.split('.')[0]!, unicode.split('.')[0]!.replace('ü', 'u'), domain.name.split('.')[0]!])
      expect(await search(query), query).toEqual([expect.objectContaining({ unicodeName: unicode })]);
  });

  it('refuses each bad input with its own message and stores nothing', async () => {
    const before = await domainRows();
    const cases: [unknown, string][] = [
      ['https://example.com', MESSAGES.domainHasScheme],
      ['example.com/mail', MESSAGES.domainHasPath],
      ['example.com:8080', MESSAGES.domainHasPort],
      ['192.168.1.10', MESSAGES.domainIsIp],
      ['2001:db8::1', MESSAGES.domainIsIp],
      ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA', MESSAGES.domainDkimPasted],
      ['exa mple.com', MESSAGES.domainInvalid],
      ['localhost', MESSAGES.domainInvalid],
      ['-bad-.com', MESSAGES.domainInvalid],
      [`${'a'.repeat(64)}.com`, MESSAGES.domainInvalid],
      ['', MESSAGES.fieldRequired],
    ];
    for (const [name, message] of cases) {
      const res = await call('POST', `${BASE}/add`, { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().errors, String(name)).toEqual({ name: message });
    }
    expect((await call('POST', `${BASE}/add`, {})).json().errors).toEqual({ name: MESSAGES.fieldRequired });
    expect(await domainRows()).toBe(before);
  });

  it('refuses a domain the business already has (409), and lets another business add it to prove it again', async () => {
    const name = fresh('shared');
    const mine = await add(name);
    // Typed again in a hurry (capitals, DNS's trailing dot): refused with words that say so.
    const again = await call('POST', `${BASE}/add`, { name: `${name.toUpperCase()}.` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: MESSAGES.domainAlreadyAdded,
      errors: { name: MESSAGES.domainAlreadyAdded },
    });
    publish(dns.zone, (await records(mine.id)).records);
    expect((await authenticate(mine.id)).status).toBe('verified');
    // Bright Studio adds the same domain: its own key and selector, not verified by the club's records.
    const theirs = await add(name, 'user');
    expect(theirs.status).toBe('pending');
    expect(theirs.selector).not.toBe(mine.selector);
    const checked = await authenticate(theirs.id, 'user');
    expect(checked.status).toBe('pending');
    expect(checkOf(checked, 'dkim').state).toBe('missing');
    expect(checkOf(checked, 'spf').state).toBe('verified');
  });
});

describe('the DNS check', () => {
  it('verifies a domain whose records are all right, names the resolver and the time, and tells the owner', async () => {
    const domain = await add(fresh());
    publish(dns.zone, (await records(domain.id)).records);
    const answer = await authenticate(domain.id);
    expect(answer.status).toBe('verified');
    expect(answer.lastCheck).toMatchObject({
      status: 'verified',
      reachable: true,
      resolver: dns.address,
      checkedAt: new Date(t.clock.now).toISOString(),
      spfTooManyLookups: false,
    });
    expect(answer.lastCheck!.records.map((r) => r.state)).toEqual(['verified', 'verified', 'verified', 'verified']);
    expect(await notificationsFor('clubowner', MESSAGES.domainVerifiedTitle, domain.name)).toBe(1);
    expect(await notificationsFor('user', MESSAGES.domainVerifiedTitle, domain.name)).toBe(0);
    // The last check is kept with the records, and the list shows the status.
    expect((await records(domain.id)).lastCheck?.status).toBe('verified');
    const list = await call('GET', `${BASE}?businessId=${business.clubowner}&status=verified&perPage=100`);
    expect(list.json().result.map((d: { id: string }) => d.id)).toContain(domain.id);
  });

  it('finds a record under the doubled host name (example.com.example.com) and says so', async () => {
    const domain = await add(fresh());
    const published = (await records(domain.id)).records;
    publish(
      dns.zone,
      published.map((r) => (r.purpose === 'dkim' ? { ...r, host: `${r.host}.${domain.name}` } : r)),
    );
    const answer = await authenticate(domain.id);
    expect(answer.status).toBe('pending');
    expect(checkOf(answer, 'dkim')).toMatchObject({ state: 'missing', problem: 'doubledHost' });
    expect(checkOf(answer, 'dkim').found).toEqual([published[0]!.value]);
  });

  it('merges two SPF records into one, with ours, and shows both as found', async () => {
    const domain = await add(fresh());
    publish(dns.zone, (await records(domain.id)).records);
    dns.zone[domain.name]!.TXT = [['v=spf1 include:_spf.google.com ~all'], ['v=spf1 mx -all'], ['google-site=abc']];
    const answer = await authenticate(domain.id);
    const spf = checkOf(answer, 'spf');
    expect(spf).toMatchObject({ state: 'wrong', problem: 'spfMultiple' });
    expect(spf.found).toEqual(['v=spf1 include:_spf.google.com ~all', 'v=spf1 mx -all']);
    expect(spf.expected).toBe('v=spf1 include:_spf.google.com mx include:_spf.backoffice.local ~all');
    // The configuration page then offers the one merged record to publish.
    expect((await records(domain.id)).records[1]!.value).toBe(spf.expected);
  });

  it('adds our include to an existing SPF record and warns above 10 DNS lookups', async () => {
    const domain = await add(fresh());
    publish(dns.zone, (await records(domain.id)).records);
    // An include whose own record costs 10 more lookups: 12 in all with ours.
    dns.zone['spf.heavy.test'] = {
      TXT: [['v=spf1 a mx ptr exists:x.test a:1.test a:2.test a:3.test mx:4.test mx:5.test a:6.test -all']],
    };
    dns.zone[domain.name]!.TXT = [['v=spf1 include:spf.heavy.test ~all']];
    const answer = await authenticate(domain.id);
    expect(checkOf(answer, 'spf')).toMatchObject({
      state: 'wrong',
      problem: 'spfMissingInclude',
      expected: 'v=spf1 include:spf.heavy.test include:_spf.backoffice.local ~all',
    });
    expect(answer.lastCheck).toMatchObject({ spfLookups: 12, spfTooManyLookups: true });
  });

  it('keeps a stronger DMARC policy already published (p=reject)', async () => {
    const domain = await add(fresh());
    publish(dns.zone, (await records(domain.id)).records);
    const existing = 'v=DMARC1; p=reject; rua=mailto:reports@example.com';
    dns.zone[`_dmarc.${domain.name}`] = { TXT: [[existing]] };
    const answer = await authenticate(domain.id);
    expect(checkOf(answer, 'dmarc')).toMatchObject({ state: 'verified', expected: existing, found: [existing] });
    expect(answer.status).toBe('verified');
    expect((await records(domain.id)).records[2]!.value).toBe(existing);
  });

  it('tells a DKIM key split into records, or pasted with its quotes, from a right one', async () => {
    const domain = await add(fresh());
    const published = (await records(domain.id)).records;
    publish(dns.zone, published);
    const dkim = published[0]!;
    dns.zone[dkim.host] = { TXT: dkim.strings.map((s) => [s]) };
    let answer = await authenticate(domain.id);
    expect(checkOf(answer, 'dkim')).toMatchObject({
      state: 'wrong',
      problem: 'dkimSplitRecords',
      expected: dkim.value,
    });
    expect(checkOf(answer, 'dkim').found).toEqual(dkim.strings);
    // The provider cut the pasted `"…" "…"` into strings itself, quotes and all.
    dns.zone[dkim.host] = { TXT: [txtStrings(`"${dkim.strings[0]}" "${dkim.strings.slice(1).join('')}"`)] };
    answer = await authenticate(domain.id);
    expect(checkOf(answer, 'dkim')).toMatchObject({ state: 'wrong', problem: 'dkimQuoted' });
    expect(answer.status).toBe('pending');
  });

  it('re-checks in the background: a verified record that breaks makes the domain broken and tells the owner once', async () => {
    const domain = await add(fresh());
    const published = (await records(domain.id)).records;
    publish(dns.zone, published);
    expect((await authenticate(domain.id)).status).toBe('verified');
    delete dns.zone[published[0]!.host];
    t.clock.advance(60_000);
    expect(await recheckDomains(t.app, 30_000)).toBeGreaterThanOrEqual(1);
    let answer = await records(domain.id);
    expect(answer.status).toBe('broken');
    expect(checkOf(answer, 'dkim').state).toBe('missing');
    expect(await notificationsFor('clubowner', MESSAGES.domainBrokenTitle, domain.name)).toBe(1);
    const [note] = await t.app.ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.title, MESSAGES.domainBrokenTitle), like(notifications.message, `${domain.name} %`)));
    expect(note!.message).toContain(`TXT ${published[0]!.host}`);
    // Still broken on the next pass: no second notification. Fixed: verified again, and told.
    t.clock.advance(60_000);
    await recheckDomains(t.app, 30_000);
    expect(await notificationsFor('clubowner', MESSAGES.domainBrokenTitle, domain.name)).toBe(1);
    publish(dns.zone, published);
    t.clock.advance(60_000);
    await recheckDomains(t.app, 30_000);
    answer = await records(domain.id);
    expect(answer.status).toBe('verified');
    expect(await notificationsFor('clubowner', MESSAGES.domainVerifiedTitle, domain.name)).toBe(2);
  });

  it('says "not reachable" when the resolver fails or is silent, and keeps the status', async () => {
    const domain = await add(fresh());
    publish(dns.zone, (await records(domain.id)).records);
    expect((await authenticate(domain.id)).status).toBe('verified');
    for (const mode of ['servfail', 'silent'] as const) {
      dns.mode = mode;
      // Silent: the check gives up at its limit, shortened for this one check (the file's is a
      // hang guard, helpers/dns-server.ts); the check reads the limit when it starts.
      const limits = t.app.ctx.config.domains;
      if (mode === 'silent') limits.timeoutMs = 400;
      const answer = await authenticate(domain.id).finally(() => (limits.timeoutMs = DNS_ANSWER_LIMIT_MS));
      expect(answer.status, mode).toBe('verified');
      expect(answer.lastCheck, mode).toMatchObject({ reachable: false, resolver: dns.address });
      expect(
        answer.lastCheck!.records.map((r) => r.state),
        mode,
      ).toEqual(['unreachable', 'unreachable', 'unreachable', 'unreachable']);
      expect(checkOf(answer, 'dkim').error, mode).toBe(mode === 'servfail' ? 'ESERVFAIL' : 'ETIMEOUT');
    }
  });
});

describe('who may', () => {
  let clubDomain: string;
  beforeAll(async () => {
    clubDomain = (await add(fresh('club'))).id;
  });

  it('refuses other roles (403) and the signed out (401) on every call', async () => {
    const urls: [Method, string, unknown?][] = [
      ['GET', `${BASE}?page=1&perPage=10`],
      ['POST', `${BASE}/add`, { name: fresh() }],
      ['GET', `${BASE}/records?domainId=${clubDomain}`],
      ['PUT', `${BASE}/authenticate?domainId=${clubDomain}`],
      ['DELETE', `${BASE}?domainId=${clubDomain}`],
      ['GET', `${BASE}/${clubDomain}`],
    ];
    for (const [method, url, body] of urls) {
      for (const who of ['venueemployee', 'trucker', 'admin'])
        expect((await call(method, url, body, who)).statusCode, `${who} ${method} ${url}`).toBe(403);
      expect((await t.call({ method, url, payload: body as object })).statusCode).toBe(401);
    }
  });

  it("answers 404 for another business's domain, or a businessId that is not the caller's", async () => {
    const other = business.clubowner;
    const cases: [Method, string][] = [
      ['GET', `${BASE}/records?domainId=${clubDomain}`],
      ['PUT', `${BASE}/authenticate?domainId=${clubDomain}`],
      ['DELETE', `${BASE}?domainId=${clubDomain}`],
      ['GET', `${BASE}/${clubDomain}`],
      ['GET', `${BASE}?businessId=${other}`],
      ['GET', `${BASE}/records?domainId=${clubDomain}&businessId=${business.user}`],
    ];
    for (const [method, url] of cases) expect((await call(method, url, undefined, 'user')).statusCode, url).toBe(404);
    const mine = await add(fresh(), 'user');
    expect(
      (await call('DELETE', `${BASE}?domainId=${mine.id}&businessId=${other}`, undefined, 'user')).statusCode,
    ).toBe(404);
    expect((await call('GET', `${BASE}/records?domainId=not-a-uuid`, undefined, 'user')).statusCode).toBe(404);
    // Nothing of the club's was touched.
    expect((await records(clubDomain)).id).toBe(clubDomain);
  });

  it("lists only the caller's business's domains and deletes one with its key", async () => {
    const mine = await add(fresh(), 'user');
    const list = await call('GET', `${BASE}?businessId=${business.user}&page=1&perPage=100`, undefined, 'user');
    expect(list.statusCode).toBe(200);
    const ids = list.json().result.map((d: { id: string; businessId: string }) => d.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(clubDomain);
    const gone = await call('DELETE', `${BASE}?domainId=${mine.id}&businessId=${business.user}`, undefined, 'user');
    expect(gone.statusCode, gone.body).toBe(200);
    const keys = await t.app.ctx.database.db
      .select()
      .from(emailDomainKeys)
      .where(eq(emailDomainKeys.domainId, mine.id));
    expect(keys).toEqual([]);
    expect((await call('GET', `${BASE}/records?domainId=${mine.id}`, undefined, 'user')).statusCode).toBe(404);
  });
});

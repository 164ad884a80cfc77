/**
 * Senders (CRM → Senders: GET, POST, DELETE, PUT; CLUBOWNER and USER): an address on a domain the
 * business verified is verified at once; any other gets a code by mail (wrong, expired, resent);
 * an address on a domain another business verified is refused with its message and nothing
 * stored; one default sender per business; each role and tenant refusal. The domains are
 * verified against a DNS server on loopback (tests/api/helpers/dns-server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { emailSenderCodeMails, emailSenderCodes, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { MESSAGES } from '../../src/domain/messages';
import type { DomainRecords } from '../../src/domain/domains/wire';
import { createTestApp, lastCode, type TestApp } from './helpers/app';
import { DNS_ANSWER_LIMIT_MS, publish, startDnsServer, type DnsServer } from './helpers/dns-server';

const SENDERS = '/api/crmmanagement/senders';
const DOMAINS = '/api/crmmanagement/domains';
const RUN = Date.now().toString(36);
const CLUB_DOMAIN = `club-${RUN}.example.com`;
let t: TestApp;
let dns: DnsServer;
const token: Record<string, string> = {};
const business: Record<string, string> = {};

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({
    rateLimit: { enabled: false },
    domains: { dnsServers: [dns.address], timeoutMs: DNS_ANSWER_LIMIT_MS },
  });
  for (const who of ['clubowner', 'user', 'venueemployee', 'trucker']) {
    token[who] = (await t.login(`${who}@demo.test`)).access;
    const [row] = await t.app.ctx.database.db
      .select({ businessId: users.businessId })
      .from(users)
      .where(eq(users.email, `${who}@demo.test`));
    business[who] = row!.businessId ?? '';
  }
  // The club verifies its domain.
  const added = await call('POST', `${DOMAINS}/add`, { name: CLUB_DOMAIN });
  const id = added.json().result.id as string;
  const records = (await call('GET', `${DOMAINS}/records?domainId=${id}`)).json().result as DomainRecords;
  publish(dns.zone, records.records);
  expect((await call('PUT', `${DOMAINS}/authenticate?domainId=${id}`)).json().result.status).toBe('verified');
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, who = 'clubowner') {
  return t.call({ method, url, token: token[who], ...(payload === undefined ? {} : { payload: payload as object }) });
}
type Sender = { id: string; address: string; status: string; isDefault: boolean; displayName: string };
async function add(body: object, who = 'clubowner'): Promise<Sender> {
  const res = await call('POST', SENDERS, body, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Sender;
}
const senderRows = async () => (await t.app.ctx.database.db.select({ n: count() }).from(tableOf('senders')))[0]!.n;

describe('senders', () => {
  it('verifies an address on a verified domain of the business at once, and mails no code', async () => {
    const mails = t.mailLog.length;
    const sender = await add({
      displayName: 'Blue Note',
      address: `hello@${CLUB_DOMAIN}`,
      replyTo: `desk@${CLUB_DOMAIN}`,
    });
    expect(sender).toMatchObject({ status: 'verified', address: `hello@${CLUB_DOMAIN}` });
    expect(t.mailLog.length).toBe(mails);
  });

  it('mails any other address a code: a wrong one is refused, the right one verifies it', async () => {
    const address = `owner-${RUN}@gmail.test`;
    const sender = await add({ displayName: 'Carla', address });
    expect(sender.status).toBe('pending');
    const code = lastCode(t.mailLog, address);
    const wrong = await call('POST', `${SENDERS}/verify`, {
      senderId: sender.id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: MESSAGES.codeInvalid });
    const badShape = await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code: '12ab' });
    expect(badShape.json().errors).toEqual({ code: MESSAGES.codeFormat });
    const right = await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().result.status).toBe('verified');
    expect((await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code })).statusCode).toBe(409);
  });

  it('counts every wrong code sent at once: ten in parallel use up the five tries, and the right code is then refused', async () => {
    const address = `rushed-${RUN}@gmail.test`;
    const sender = await add({ displayName: 'Rushed', address });
    const code = lastCode(t.mailLog, address);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `${SENDERS}/verify`, { senderId: sender.id, code: wrong })),
    );
    expect(tries.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    const [stored] = await t.app.ctx.database.db
      .select({ attempts: emailSenderCodes.attempts })
      .from(emailSenderCodes)
      .where(eq(emailSenderCodes.senderId, sender.id));
    expect(stored!.attempts).toBe(5);
    const right = await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code });
    expect(right.json().errors).toEqual({ code: MESSAGES.codeInvalid });
  });

  it('refuses an expired code and holds to the resent one', async () => {
    const address = `late-${RUN}@gmail.test`;
    const sender = await add({ displayName: 'Late', address });
    const first = lastCode(t.mailLog, address);
    // Its 30 minutes are up (moving the clock would end the test's sessions too): the code has
    // expired and the mail is long past.
    await t.app.ctx.database.db
      .update(emailSenderCodes)
      .set({ expiresAt: new Date(t.clock.now - 1) })
      .where(eq(emailSenderCodes.senderId, sender.id));
    await t.app.ctx.database.db
      .update(emailSenderCodeMails)
      .set({ mailedAt: new Date(t.clock.now - 30 * 60_000) })
      .where(eq(emailSenderCodeMails.address, address));
    expect((await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code: first })).statusCode).toBe(400);
    expect((await call('POST', `${SENDERS}/resend`, { senderId: sender.id })).statusCode).toBe(200);
    const second = lastCode(t.mailLog, address);
    const res = await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code: second });
    expect(res.json().result.status).toBe('verified');
  });

  it('mails a new code at most once a minute: a second Resend (or two at once) answers 429 and mails nothing', async () => {
    const address = `someone-${RUN}@gmail.test`;
    const sender = await add({ displayName: 'Someone', address });
    const resend = () => call('POST', `${SENDERS}/resend`, { senderId: sender.id });
    const mailsTo = () => t.mailLog.filter((line) => line.includes(`To: ${address}`)).length;
    expect(mailsTo()).toBe(1);
    const soon = await resend();
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(MESSAGES.codeCooldown);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailsTo()).toBe(1);
    t.clock.advance(61_000);
    const both = await Promise.all([resend(), resend()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(mailsTo()).toBe(2);
    // The new code holds, the first one does not.
    const res = await call('POST', `${SENDERS}/verify`, { senderId: sender.id, code: lastCode(t.mailLog, address) });
    expect(res.json().result.status).toBe('verified');
  });

  it('adding, deleting and adding the same address again mails it at most once a minute: 429 with Retry-After, nothing stored', async () => {
    const address = `again-${RUN}@gmail.test`;
    const mailsTo = () => t.mailLog.filter((line) => line.includes(`To: ${address}`)).length;
    const remove = async (id: string, who = 'clubowner') =>
      expect((await call('DELETE', `${SENDERS}?senderId=${id}`, undefined, who)).statusCode).toBeLessThan(300);
    await remove((await add({ displayName: 'Again', address })).id);
    expect(mailsTo()).toBe(1);
    const before = await senderRows();
    // The same address again, in another case too: no second mail within the minute.
    for (const again of [address, address.toUpperCase()]) {
      const res = await call('POST', SENDERS, { displayName: 'Again', address: again });
      expect(res.statusCode, again).toBe(429);
      expect(res.json().message).toBe(MESSAGES.senderCodeCooldown);
      expect(res.json().errors).toEqual({ address: MESSAGES.senderCodeCooldown });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(await senderRows()).toBe(before);
    expect(mailsTo()).toBe(1);
    // Another business may add the address meanwhile: the wait is per business and address.
    await remove((await add({ displayName: 'Theirs', address }, 'user')).id, 'user');
    expect(mailsTo()).toBe(2);
    // A minute on, the address is added and mailed again; a Resend right after waits its minute.
    t.clock.advance(61_000);
    const back = await add({ displayName: 'Again', address });
    expect(mailsTo()).toBe(3);
    const resend = await call('POST', `${SENDERS}/resend`, { senderId: back.id });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toBe(MESSAGES.codeCooldown);
    // And a Resend's mail counts for the next add of the address.
    t.clock.advance(61_000);
    expect((await call('POST', `${SENDERS}/resend`, { senderId: back.id })).statusCode).toBe(200);
    await remove(back.id);
    expect((await call('POST', SENDERS, { displayName: 'Again', address })).statusCode).toBe(429);
    expect(mailsTo()).toBe(4);
  });

  it('the same address added twice at once: one sender, one mail', async () => {
    const address = `twice-${RUN}@gmail.test`;
    const both = await Promise.all([
      call('POST', SENDERS, { displayName: 'Twice', address }),
      call('POST', SENDERS, { displayName: 'Twice', address }),
    ]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(t.mailLog.filter((line) => line.includes(`To: ${address}`))).toHaveLength(1);
  });

  it('refuses an address on a domain another business verified, with its message, storing nothing', async () => {
    const before = await senderRows();
    const res = await call('POST', SENDERS, { displayName: 'Studio', address: `studio@${CLUB_DOMAIN}` }, 'user');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ address: MESSAGES.senderOtherBusinessDomain });
    const bad = await call('POST', SENDERS, { displayName: '', address: 'not-an-address' }, 'user');
    expect(bad.json().errors).toEqual({ displayName: MESSAGES.fieldRequired, address: MESSAGES.emailInvalid });
    // A trailing dot or an empty label: refused, not stored as a second sender beside the real one
    // (and not let past the other business's domain either).
    // So is what comes before the @ when a From line cannot carry it: an address copied from a
    // mail link with its `mailto:`, a pasted web address, a doubled dot.
    for (const address of [
      `studio@${CLUB_DOMAIN}.`,
      `studio@${CLUB_DOMAIN.replace('.', '..')}`,
      'studio@-x.example',
      'mailto:studio@x.example',
      'https://studio@x.example',
      'studio..desk@x.example',
    ]) {
      const res = await call('POST', SENDERS, { displayName: 'Studio', address }, 'user');
      expect(res.statusCode, address).toBe(400);
      expect(res.json().errors).toEqual({ address: MESSAGES.emailInvalid });
    }
    expect(await senderRows()).toBe(before);
  });

  it('keeps one default sender per business, through add and change', async () => {
    const a = await add({ displayName: 'A', address: `a@${CLUB_DOMAIN}`, isDefault: true });
    const b = await add({ displayName: 'B', address: `b@${CLUB_DOMAIN}`, isDefault: true });
    const defaults = async () =>
      (
        (await call('GET', `${SENDERS}?businessId=${business.clubowner}&isDefault=true&perPage=100`)).json()
          .result as Sender[]
      ).map((s) => s.id);
    expect(await defaults()).toEqual([b.id]);
    const changed = await call('PUT', SENDERS, { id: a.id, isDefault: true, displayName: 'A again' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({ displayName: 'A again', isDefault: true, address: a.address });
    expect(await defaults()).toEqual([a.id]);
    // The address is not changed by an edit.
    const moved = await call('PUT', SENDERS, { id: a.id, address: 'other@gmail.test' });
    expect(moved.statusCode).toBe(400);
  });

  it('keeps one default when two tabs make two senders the default at once, by change or by add', async () => {
    const defaults = async () =>
      (
        (await call('GET', `${SENDERS}?businessId=${business.clubowner}&isDefault=true&perPage=100`)).json()
          .result as Sender[]
      ).length;
    const [c, d] = [
      await add({ displayName: 'C', address: `c@${CLUB_DOMAIN}` }),
      await add({ displayName: 'D', address: `d@${CLUB_DOMAIN}` }),
    ];
    for (let round = 0; round < 5; round++) {
      const both = await Promise.all([c, d].map((s) => call('PUT', SENDERS, { id: s.id, isDefault: true })));
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await defaults()).toBe(1);
    }
    const added = await Promise.all(
      ['e', 'f'].map((n) => call('POST', SENDERS, { displayName: n, address: `${n}@${CLUB_DOMAIN}`, isDefault: true })),
    );
    expect(added.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await defaults()).toBe(1);
  });

  it('makes no sender the default before its address is proved: 400 under Default sender, by change or by add', async () => {
    // Made the default, a pending sender unset the verified one, and the business's mail went out
    // from the platform's address instead (sending.ts uses a default sender only once verified).
    const defaults = async () =>
      (
        (await call('GET', `${SENDERS}?businessId=${business.clubowner}&isDefault=true&perPage=100`)).json()
          .result as Sender[]
      ).map((s) => s.id);
    const main = await add({ displayName: 'Main', address: `main@${CLUB_DOMAIN}`, isDefault: true });
    const address = `waiting-${RUN}@gmail.test`;
    const waiting = await add({ displayName: 'Waiting', address });
    expect(waiting.status).toBe('pending');
    const made = await call('PUT', SENDERS, { id: waiting.id, isDefault: true });
    expect(made.statusCode, made.body).toBe(400);
    expect(made.json().errors).toEqual({ isDefault: MESSAGES.senderDefaultUnverified });
    expect(await defaults()).toEqual([main.id]);
    // Added as the default on an address that will wait for its code: refused, nothing stored, no mail.
    const [rows, mails] = [await senderRows(), t.mailLog.length];
    const added = await call('POST', SENDERS, {
      displayName: 'New',
      address: `new-${RUN}@gmail.test`,
      isDefault: true,
    });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().errors).toEqual({ isDefault: MESSAGES.senderDefaultUnverified });
    expect([await senderRows(), t.mailLog.length]).toEqual([rows, mails]);
    expect(await defaults()).toEqual([main.id]);
    // Once its code has proved the address, it may be.
    const code = lastCode(t.mailLog, address);
    expect((await call('POST', `${SENDERS}/verify`, { senderId: waiting.id, code })).statusCode).toBe(200);
    const now = await call('PUT', SENDERS, { id: waiting.id, isDefault: true });
    expect(now.statusCode, now.body).toBe(200);
    expect(await defaults()).toEqual([waiting.id]);
  });

  it('refuses other roles (403), and answers 404 for another business’s sender', async () => {
    const mine = await add({ displayName: 'Mine', address: `mine@${CLUB_DOMAIN}` });
    for (const who of ['venueemployee', 'trucker']) {
      expect((await call('GET', SENDERS, undefined, who)).statusCode).toBe(403);
      expect((await call('POST', SENDERS, { displayName: 'x', address: 'x@x.test' }, who)).statusCode).toBe(403);
      expect((await call('PUT', SENDERS, { id: mine.id, displayName: 'x' }, who)).statusCode).toBe(403);
      expect((await call('POST', `${SENDERS}/verify`, { senderId: mine.id, code: '123456' }, who)).statusCode).toBe(
        403,
      );
    }
    expect((await call('PUT', SENDERS, { id: mine.id, displayName: 'Taken' }, 'user')).statusCode).toBe(404);
    expect((await call('POST', `${SENDERS}/resend`, { senderId: mine.id }, 'user')).statusCode).toBe(404);
    expect((await call('DELETE', `${SENDERS}?senderId=${mine.id}`, undefined, 'user')).statusCode).toBe(404);
    expect((await call('GET', `${SENDERS}?businessId=${business.clubowner}`, undefined, 'user')).statusCode).toBe(404);
    const list = (await call('GET', `${SENDERS}?perPage=100`, undefined, 'user')).json().result as Sender[];
    expect(list.map((s) => s.id)).not.toContain(mine.id);
    expect((await call('DELETE', `${SENDERS}?senderId=${mine.id}&businessId=${business.clubowner}`)).statusCode).toBe(
      200,
    );
  });
});

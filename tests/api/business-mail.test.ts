/**
 * A business's mail goes out from its default sender (docs/email-domains.md): From its verified
 * default sender with its Reply-To, DKIM-signed with the key of the business's verified domain —
 * the signature checked with node:crypto against the published record (helpers/dkim.ts) — in the
 * outbox and over SMTP; a business without a usable sender, and the platform's own mail, go out
 * From MAIL_FROM unsigned; business B's mail never uses business A's sender or key. The domain is
 * verified against a DNS server on loopback (helpers/dns-server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../server/db/schema';
import { senderFor } from '../../server/modules/domains';
import { smtpDriver } from '../../server/modules/mail/drivers/smtp';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { checkDkim } from './helpers/dkim';
import { verifiedDefaultSender } from './helpers/business-sender';
import { DNS_ANSWER_LIMIT_MS, startDnsServer, type DnsServer } from './helpers/dns-server';

const RUN = Date.now().toString(36);
const DOMAIN = `club-mail-${RUN}.example.com`;
const SENDER = `hello@${DOMAIN}`;
let t: TestApp;
let dns: DnsServer;
let owner: string;
let clubBusiness: string;
let userBusiness: string;
/** The DKIM record's p= as published. */
let publicKey: string;
let selector: string;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({
    rateLimit: { enabled: false },
    domains: { dnsServers: [dns.address], timeoutMs: DNS_ANSWER_LIMIT_MS },
  });
  const login = await t.login('clubowner@demo.test');
  owner = login.access;
  clubBusiness = login.res.json().result.business.id;
  const [user] = await t.app.ctx.database.db
    .select({ businessId: users.businessId })
    .from(users)
    .where(eq(users.email, 'user@demo.test'));
  userBusiness = user!.businessId!;
  // The club verifies its domain and makes an address on it its default sender.
  ({ publicKey, selector } = await verifiedDefaultSender(t, owner, dns, {
    domain: DOMAIN,
    displayName: 'Blue Note',
    replyTo: `desk@${DOMAIN}`,
  }));
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.call({ method, url, token: owner, ...(payload ? { payload } : {}) });
}
async function lastMailTo(to: string) {
  const [row] = await t.app.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row!;
}
const header = (headers: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(headers)?.[1]?.replace(/\r\n[ \t]+/g, ' ') ?? null;

describe("a business's mail", () => {
  it('goes out From its verified default sender with its Reply-To, signed with its domain key (the signature verifies)', async () => {
    // An event ticket: the guest's mail is the club's.
    const venueId = (await call('GET', '/api/Club/my-venues')).json().result[0].id as string;
    const event = await call('POST', '/api/Events/add-event', {
      venueId,
      name: 'Signed Night',
      startsAt: new Date(t.clock.now + 30 * 86_400_000).toISOString(),
      endsAt: new Date(t.clock.now + 30 * 86_400_000 + 4 * 3_600_000).toISOString(),
      ticketTypes: [{ name: 'General', price: 10, quantity: 10 }],
    });
    expect(event.statusCode, event.body).toBe(200);
    const { id, ticketTypes } = event.json().result;
    const guest = `guest-${RUN}@example.com`;
    const issued = await call('POST', `/api/Events/${id}/tickets`, {
      ticketTypeId: ticketTypes[0].id,
      guestName: 'Ana',
      guestEmail: guest,
    });
    expect(issued.statusCode, issued.body).toBe(200);

    const row = await lastMailTo(guest);
    expect(row.fromAddress).toBe(SENDER);
    expect(header(row.headers!, 'From')).toBe(`Blue Note <${SENDER}>`);
    expect(header(row.headers!, 'Reply-To')).toBe(`desk@${DOMAIN}`);
    const dkim = checkDkim(row.headers!, publicKey);
    expect(dkim.tags).toMatchObject({ d: DOMAIN, s: selector });
    expect(dkim.tags.h!.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'to', 'subject']));
    expect(dkim.signatureOk).toBe(true);
    // The same check fails on a changed From: it is not a check that passes whatever it is given.
    const forged = row.headers!.replace(`From: Blue Note <${SENDER}>`, `From: Mallory <${SENDER}>`);
    expect(checkDkim(forged, publicKey).signatureOk).toBe(false);
    // The console line the demo reads shows who it is from and the signer.
    expect(t.mailLog.find((l) => l.includes(`To: ${guest}`))).toContain(
      `| From: ${SENDER} | DKIM: d=${DOMAIN} s=${selector}\n`,
    );
  });

  it('over SMTP, is sent as signed: body hash and signature verify on what the server received', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const driver = await smtpDriver(
        t.app.ctx.database.db,
        `smtp://127.0.0.1:${port}`,
        t.app.ctx.config.mailFrom,
        () => {},
        (businessId) => senderFor(t.app, businessId),
      );
      const to = `smtp-guest-${RUN}@example.com`;
      await driver.send({ businessId: clubBusiness, to, subject: 'Your table', text: 'See you  at nine.  \n\n\n' });
      expect(received).toHaveLength(1);
      const dkim = checkDkim(received[0]!, publicKey);
      expect(dkim.tags).toMatchObject({ d: DOMAIN, s: selector });
      expect(dkim.bodyHashOk).toBe(true);
      expect(dkim.signatureOk).toBe(true);
      expect(checkDkim(received[0]!.replace('nine', 'ten'), publicKey).bodyHashOk).toBe(false);
      // The outbox row holds the headers that were sent.
      const row = await lastMailTo(to);
      expect(row).toMatchObject({ transport: 'smtp', error: null, fromAddress: SENDER });
      expect(received[0]!.startsWith(row.headers!)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('of a business without a usable sender goes From MAIL_FROM, unsigned, and so does the platform mail', async () => {
    const platform = /<([^>]+)>/.exec(t.app.ctx.config.mailFrom)![1]!;
    // The user's business has no sender yet.
    await t.app.ctx.mail.send({ businessId: userBusiness, to: `b-${RUN}@example.com`, subject: 'Hi', text: 'Hi' });
    const row = await lastMailTo(`b-${RUN}@example.com`);
    expect(row.fromAddress).toBe(platform);
    expect(header(row.headers!, 'From')).toBe(t.app.ctx.config.mailFrom);
    expect(row.headers).not.toMatch(/^DKIM-Signature:/im);
    // The club's owner asks for a recovery code: the platform's mail, not the club's.
    await t.call({ method: 'POST', url: '/api/User/forgot-password', payload: { email: 'clubowner@demo.test' } });
    const recovery = await lastMailTo('clubowner@demo.test');
    expect(recovery.fromAddress).toBe(platform);
    expect(recovery.headers).not.toMatch(/^DKIM-Signature:/im);
  });

  it("of business B never uses business A's sender or key, even with a sender on A's domain", async () => {
    // A row the senders API refuses (an address on another business's verified domain), forced in.
    await t.app.ctx.database.db.insert(tableOf('senders')).values({
      businessId: userBusiness,
      displayName: 'Intruder',
      address: `intruder@${DOMAIN}`,
      isDefault: true,
      status: 'verified',
      verifiedAt: new Date(),
    });
    expect(await senderFor(t.app, userBusiness)).toMatchObject({ address: `intruder@${DOMAIN}`, dkim: null });
    const to = `b2-${RUN}@example.com`;
    await t.app.ctx.mail.send({ businessId: userBusiness, to, subject: 'Hi', text: 'Hi' });
    const row = await lastMailTo(to);
    expect(row.fromAddress).not.toBe(SENDER);
    expect(row.headers).not.toMatch(/^DKIM-Signature:/im);
    expect(row.headers).not.toContain(SENDER);
    // A's own mail is still A's.
    expect((await senderFor(t.app, clubBusiness))?.dkim).toMatchObject({ domainName: DOMAIN, keySelector: selector });
  });
});

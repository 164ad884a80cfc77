/**
 * The status page's "Recent mail" (GET /api/AdminAccount/mail: the outbox shows the
 * signed headers): a business's mail is listed From its verified default sender with the
 * signer read from its DKIM-Signature (`d=`, `s=`) and its header block as stored; the
 * platform's own mail is listed from MAIL_FROM and not signed; text messages are left out; no
 * answer carries a body (a recovery code is not in it); SMTP deliveries read sent, or retrying
 * with the error and the next attempt; newest first, paged with the paging-data header; administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { and, count, eq, ne, not, like } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema';
import { senderFor } from '../../server/modules/domains';
import { smtpDriver } from '../../server/modules/mail/drivers/smtp';
import { RECENT_MAIL_PATH, type RecentMail } from '../../src/domain/admin/recent-mail';
import { createTestApp, lastCode, type TestApp } from './helpers/app';
import { verifiedDefaultSender, type VerifiedSender } from './helpers/business-sender';
import { DNS_ANSWER_LIMIT_MS, startDnsServer, type DnsServer } from './helpers/dns-server';

const RUN = Date.now().toString(36);
let t: TestApp;
let dns: DnsServer;
let admin: string;
let owner: string;
let clubBusiness: string;
let sender: VerifiedSender;
const guest = `mail-guest-${RUN}@example.com`;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({
    rateLimit: { enabled: false },
    domains: { dnsServers: [dns.address], timeoutMs: DNS_ANSWER_LIMIT_MS },
  });
  admin = (await t.login('admin@demo.test')).access;
  const login = await t.login('clubowner@demo.test');
  owner = login.access;
  clubBusiness = login.res.json().result.business.id;
  sender = await verifiedDefaultSender(t, owner, dns, {
    domain: `recent-${RUN}.example.com`,
    displayName: 'Blue Note',
  });

  // A business mail: an event ticket mailed to its guest.
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, token: owner, ...(payload ? { payload } : {}) });
  const venueId = (await call('GET', '/api/Club/my-venues')).json().result[0].id as string;
  const start = t.clock.now + 30 * 86_400_000;
  const event = await call('POST', '/api/Events/add-event', {
    venueId,
    name: 'Listed Night',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 4 * 3_600_000).toISOString(),
    ticketTypes: [{ name: 'General', price: 10, quantity: 10 }],
  });
  expect(event.statusCode, event.body).toBe(200);
  const { id, ticketTypes } = event.json().result;
  const issued = await call('POST', `/api/Events/${id}/tickets`, {
    ticketTypeId: ticketTypes[0].id,
    guestName: 'Ana',
    guestEmail: guest,
  });
  expect(issued.statusCode, issued.body).toBe(200);
  // A text message after it: not mail, left out of the list.
  await t.app.ctx.mail.recordText({ to: `sms:+1202555${RUN.slice(-4)}`, text: 'Your code is 654321' }, new Date());
  // The platform's own mail, last: a recovery code.
  const forgot = await t.call({
    method: 'POST',
    url: '/api/User/forgot-password',
    payload: { email: 'user@demo.test' },
  });
  expect(forgot.statusCode, forgot.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** The list as `token` reads it (the administrator's unless given; null: no token). */
const list = (query = '', token: string | null = admin) =>
  t.call({ method: 'GET', url: `${RECENT_MAIL_PATH}${query}`, ...(token ? { token } : {}) });
const paging = (res: { headers: Record<string, unknown> }) => JSON.parse(String(res.headers['paging-data']));
const WIRE_KEYS = [
  'attempts',
  'createdAt',
  'delivery',
  'dkim',
  'error',
  'fromAddress',
  'headers',
  'id',
  'nextAttemptAt',
  'subject',
  'to',
  'transport',
];

describe('recent mail', () => {
  it("lists a business's mail From its sender with its DKIM signer and headers, the platform's unsigned, newest first; no bodies", async () => {
    const res = await list('?page=1&perPage=10');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result as RecentMail[];
    const [platform, business] = rows;
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(WIRE_KEYS);
    expect(rows.some((r) => r.to.startsWith('sms:'))).toBe(false);

    expect(platform).toMatchObject({
      to: 'user@demo.test',
      fromAddress: 'no-reply@backoffice.local',
      transport: 'outbox',
      delivery: 'recorded',
      error: null,
      dkim: null,
    });
    expect(platform!.headers).toMatch(/^From: Back Office <no-reply@backoffice\.local>\r$/m);
    expect(platform!.headers).not.toMatch(/DKIM-Signature/i);

    expect(business).toMatchObject({
      to: guest,
      fromAddress: sender.address,
      transport: 'outbox',
      delivery: 'recorded',
      dkim: { domain: sender.domain, selector: sender.selector },
    });
    expect(Date.parse(business!.createdAt)).toBeLessThanOrEqual(Date.parse(platform!.createdAt));
    // The header block as stored: From, Reply-To and the whole signature, bh= and b= included.
    const [stored] = await t.app.ctx.database.db
      .select({ headers: mailOutbox.headers, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, guest));
    expect(business!.headers).toBe(stored!.headers);
    expect(business!.headers).toContain(`From: Blue Note <${sender.address}>`);
    expect(business!.headers).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;[^]*\bbh=[^]*\bb=[A-Za-z0-9+/=\s]{100,}/m);

    // Bodies are never answered: not the recovery code, not the ticket's text.
    const code = lastCode(t.mailLog, 'user@demo.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    expect(res.body).not.toContain('654321');
    const bodyLine = stored!.text.split('\n').find((l) => l.length > 20 && !stored!.headers!.includes(l.trim()))!;
    expect(bodyLine).toBeTruthy();
    expect(res.body).not.toContain(JSON.stringify(bodyLine.trim()).slice(1, -1));
  });

  it('pages with the paging-data header (10 a page unless asked), counting mail only', async () => {
    const db = t.app.ctx.database.db;
    const [mail] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(not(like(mailOutbox.to, 'sms:%')), ne(mailOutbox.transport, 'sms-outbox')));
    const first = await list();
    expect(paging(first)).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: mail!.n });
    expect(first.json().result).toHaveLength(Math.min(10, mail!.n));

    const one = await list('?page=1&perPage=1');
    const two = await list('?page=2&perPage=1');
    expect(paging(two)).toMatchObject({ currentPage: 2, pageSize: 1, totalCount: mail!.n, hasPreviousPage: true });
    expect(one.json().result[0].to).toBe('user@demo.test');
    expect(two.json().result[0].to).toBe(guest);
    expect((await list('?perPage=101')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
    // Newest first over a whole page.
    const times = (first.json().result as RecentMail[]).map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('reads SMTP deliveries as sent, or retrying with the error and the next attempt', async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const driver = (url: string) =>
        smtpDriver(
          t.app.ctx.database.db,
          url,
          t.app.ctx.config.mailFrom,
          () => {},
          (id) => senderFor(t.app, id),
        );
      await (
        await driver(`smtp://127.0.0.1:${port}`)
      ).send({ businessId: clubBusiness, to: `smtp-ok-${RUN}@example.com`, subject: 'Sent', text: 'Hello' });
      // Nothing listens on port 1: the connection is refused.
      await (
        await driver('smtp://127.0.0.1:1')
      ).send({ to: `smtp-refused-${RUN}@example.com`, subject: 'Refused', text: 'Hello' });
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
    const rows = (await list('?perPage=5')).json().result as RecentMail[];
    expect(rows.find((r) => r.to === `smtp-ok-${RUN}@example.com`)).toMatchObject({
      transport: 'smtp',
      delivery: 'sent',
      error: null,
      fromAddress: sender.address,
      dkim: { domain: sender.domain, selector: sender.selector },
    });
    const refused = rows.find((r) => r.to === `smtp-refused-${RUN}@example.com`)!;
    // One attempt failed: tried again later (tests/api/mail-delivery.test.ts follows it to the end).
    expect(refused).toMatchObject({ transport: 'smtp', delivery: 'retrying', attempts: 1, dkim: null });
    expect(refused.nextAttemptAt).toEqual(expect.any(String));
    expect(refused.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('answers administrators only: club owner, user and IT 403, no token 401', async () => {
    for (const email of ['clubowner@demo.test', 'user@demo.test', 'it@demo.test']) {
      const token = email === 'clubowner@demo.test' ? owner : (await t.login(email)).access;
      const res = await list('', token);
      expect(res.statusCode, email).toBe(403);
      expect(res.body).not.toContain('"result"');
    }
    expect((await list('', null)).statusCode).toBe(401);
  });
});

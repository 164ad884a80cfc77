/**
 * SMTP delivery that survives a down server and a stopped process (server/modules/mail/delivery.ts,
 * worker.ts), against an `smtp-server` on loopback that can be taken down (it refuses every
 * connection) and slowed (it holds each message until the test lets it go):
 * - a batch's row its writer never delivered (the process stopped after the commit) is delivered
 *   by the worker after its grace, once;
 * - a mail whose attempt failed (SMTP down) is tried again after its back-off, and listed as
 *   retrying with its error, attempts and next time meanwhile; one that fails every attempt ends
 *   failed and is not tried again;
 * - two processes' workers draining the same outbox at once send each row once, and a writer's
 *   late deliver() does not send a row a worker took;
 * - an event moved to another day: its ticket holders' mails are in the outbox when the change
 *   answers, delivered after it (the request does not wait for SMTP), and, when SMTP is down at
 *   that moment, delivered by the worker later;
 * - the server runs the worker itself (MAIL_POLL_MS).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema';
import { GRACE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../server/modules/mail/delivery';
import { smtpDriver } from '../../server/modules/mail/drivers/smtp';
import type { MailMessage } from '../../server/modules/mail';
import { RECENT_MAIL_PATH, type RecentMail } from '../../src/domain/admin/recent-mail';
import { createTestApp, type TestApp } from './helpers/app';

const RUN = Date.now().toString(36);
let t: TestApp;
let smtp: SMTPServer;
let smtpUrl: string;
let businessId: string;
let venueId: string;
/** Every message the server accepted, by recipient. */
const received: { to: string; body: string }[] = [];
/** Down: every connection is refused with 421. */
let down = false;
/** Set: each message waits for it before it is accepted. */
let held: Promise<void> | null = null;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (!down) return callback();
      const refused = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
      callback(refused);
    },
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        void (held ?? Promise.resolve()).then(() => {
          for (const r of session.envelope.rcptTo) received.push({ to: r.address, body });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  // The worker's timer is off here: each pass is run by the test, on the test's clock.
  t = await createTestApp({ smtpUrl, mailPollMs: 0, rateLimit: { enabled: false } });
  const login = await t.login('clubowner@demo.test');
  businessId = login.res.json().result.business.id;
  venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: login.access })).json().result[0].id;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const db = () => t.app.ctx.database.db;
const rowsTo = (to: string[]) => db().select().from(mailOutbox).where(inArray(mailOutbox.to, to));
const rowTo = async (to: string) => (await rowsTo([to]))[0]!;
const receivedBy = (to: string) => received.filter((r) => r.to === to).length;
/** The worker's pass, as each process runs it. */
const pass = () => t.app.ctx.mail.deliverDue();
/** Written in a transaction that commits, never delivered by its writer (its process stopped). */
async function recordOnly(messages: MailMessage[]) {
  const batch = t.app.ctx.mail.batch(businessId, null);
  return db().transaction((tx) => batch.record(tx, messages));
}
const mailTo = (to: string): MailMessage => ({ to, subject: `Hello ${to}`, text: 'Hello' });
/** Signed in afresh: the tests move the clock past a token's life. */
const token = async (email: string) => (await t.login(email)).access;
const listed = async (to: string) => {
  const res = await t.call({
    method: 'GET',
    url: `${RECENT_MAIL_PATH}?perPage=100`,
    token: await token('admin@demo.test'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as RecentMail[]).find((r) => r.to === to)!;
};

describe('the SMTP delivery worker', () => {
  it("delivers a batch's row its writer never delivered, once its grace has passed", async () => {
    const to = `left-${RUN}@example.com`;
    await recordOnly([mailTo(to)]);
    expect(await rowTo(to)).toMatchObject({ transport: 'smtp', sentAt: null, attempts: 0 });
    expect((await listed(to)).delivery).toBe('sending');
    // Its writer may still be delivering it: not yet the worker's.
    await pass();
    expect(receivedBy(to)).toBe(0);
    t.clock.advance(GRACE_MS);
    await pass();
    expect(receivedBy(to)).toBe(1);
    const row = await rowTo(to);
    expect(row).toMatchObject({ error: null, attempts: 1, nextAttemptAt: null, raw: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // The very bytes composed with the commit: the header block the outbox shows.
    expect(received.find((r) => r.to === to)!.body).toContain(row.headers!);
    t.clock.advance(GRACE_MS + RETRY_DELAYS_MS[0]);
    await pass();
    expect(receivedBy(to)).toBe(1);
  });

  it('tries a mail again after its back-off when SMTP was down, and lists it as retrying meanwhile', async () => {
    const to = `retry-${RUN}@example.com`;
    down = true;
    try {
      await t.app.ctx.mail.send(mailTo(to));
    } finally {
      down = false;
    }
    const failed = await rowTo(to);
    expect(failed).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(failed.error).toMatch(/421|not available/i);
    expect(failed.nextAttemptAt!.getTime()).toBe(t.clock.now + RETRY_DELAYS_MS[0]);
    expect(await listed(to)).toMatchObject({
      delivery: 'retrying',
      attempts: 1,
      nextAttemptAt: failed.nextAttemptAt!.toISOString(),
    });
    // Up again, but not due yet.
    await pass();
    expect(receivedBy(to)).toBe(0);
    t.clock.advance(RETRY_DELAYS_MS[0]);
    await pass();
    expect(receivedBy(to)).toBe(1);
    expect(await rowTo(to)).toMatchObject({ error: null, attempts: 2, nextAttemptAt: null });
    expect(await listed(to)).toMatchObject({ delivery: 'sent', error: null, attempts: 2, nextAttemptAt: null });
  });

  it(`gives a mail up after ${MAX_ATTEMPTS} failed attempts, and tries it no more`, async () => {
    const to = `never-${RUN}@example.com`;
    down = true;
    try {
      await t.app.ctx.mail.send(mailTo(to));
      for (const wait of RETRY_DELAYS_MS) {
        t.clock.advance(wait);
        await pass();
      }
    } finally {
      down = false;
    }
    const row = await rowTo(to);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, nextAttemptAt: null });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.error).toMatch(/421|not available/i);
    expect(await listed(to)).toMatchObject({ delivery: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    t.clock.advance(24 * 3_600_000);
    await pass();
    expect(receivedBy(to)).toBe(0);
    expect((await rowTo(to)).attempts).toBe(MAX_ATTEMPTS);
  });

  it("sends each row once when two processes' workers drain the outbox at once", async () => {
    const to = Array.from({ length: 24 }, (_, i) => `both-${i}-${RUN}@example.com`);
    const recorded = await recordOnly(to.map(mailTo));
    t.clock.advance(GRACE_MS);
    // A second process: its own adapter over the same database and clock.
    const other = await smtpDriver(
      db(),
      smtpUrl,
      t.app.ctx.config.mailFrom,
      () => {},
      undefined,
      () => t.clock.now,
    );
    const drain = async (mail: { deliverDue(limit?: number): Promise<number> }) => {
      while ((await mail.deliverDue(3)) > 0);
    };
    await Promise.all([drain(t.app.ctx.mail), drain(other), drain(t.app.ctx.mail), drain(other)]);
    // The writer, late: its rows were taken by the workers, none goes twice.
    await recorded.deliver();
    for (const address of to) expect(receivedBy(address), address).toBe(1);
    const rows = await rowsTo(to);
    expect(rows.map((r) => r.attempts)).toEqual(to.map(() => 1));
    expect(rows.every((r) => r.sentAt instanceof Date)).toBe(true);
  });

  it('runs in the server: MAIL_POLL_MS delivers a due row with no pass called', async () => {
    const served = await createTestApp({ smtpUrl, mailPollMs: 50 });
    try {
      const to = `served-${RUN}@example.com`;
      down = true;
      try {
        await served.app.ctx.mail.send(mailTo(to));
      } finally {
        down = false;
      }
      served.clock.advance(RETRY_DELAYS_MS[0]);
      await vi.waitFor(() => expect(receivedBy(to)).toBe(1), { timeout: 10_000, interval: 50 });
      await vi.waitFor(
        async () => {
          const [row] = await served.app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
          expect(row!.sentAt).toBeInstanceOf(Date);
        },
        { timeout: 5_000 },
      );
    } finally {
      await served.close();
    }
  });
});

describe("a moved event's mails", () => {
  let eventId: string;
  let base: Record<string, unknown>;
  const guests = [`moved-a-${RUN}@example.com`, `moved-b-${RUN}@example.com`];
  const call = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.call({ method, url, token: await token('clubowner@demo.test'), ...(payload ? { payload } : {}) });
  const changedRows = () =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.to, guests), like(mailOutbox.subject, '%has changed%')));
  const changedReceived = () =>
    received.filter((r) => guests.includes(r.to) && /has changed/.test(r.body.replace(/=\r\n/g, ''))).length;
  /** The event's fields, starting `days` from now. */
  const at = (days: number) => {
    const start = t.clock.now + days * 86_400_000;
    return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 4 * 3_600_000).toISOString() };
  };

  beforeAll(async () => {
    const made = await call('POST', '/api/Events/add-event', {
      venueId,
      name: `Moved Night ${RUN}`,
      ...at(30),
      ticketTypes: [{ name: 'General', price: 10, quantity: 10 }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id, ticketTypes } = made.json().result;
    eventId = id;
    for (const [i, guestEmail] of guests.entries()) {
      const issued = await call('POST', `/api/Events/${id}/tickets`, {
        ticketTypeId: ticketTypes[0].id,
        guestName: `Guest ${i}`,
        guestEmail,
      });
      expect(issued.statusCode, issued.body).toBe(200);
    }
    base = {
      venueId,
      name: `Moved Night ${RUN}`,
      description: '',
      ticketTypes: [{ id: ticketTypes[0].id, name: 'General', price: 10, quantity: 10 }],
    };
  });

  it('are in the outbox when the change answers, and delivered after it: the request does not wait for SMTP', async () => {
    let release = () => {};
    // SMTP answers slowly: each message waits until the test lets it go (at most 4 s).
    held = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 4_000);
    });
    try {
      const moved = await call('PUT', `/api/Events/${eventId}`, { ...base, ...at(31) });
      expect(moved.statusCode, moved.body).toBe(200);
      // Answered before SMTP accepted any of them, with both mails committed.
      expect(changedReceived()).toBe(0);
      const rows = await changedRows();
      expect(rows.map((r) => r.to).sort()).toEqual([...guests].sort());
      expect(rows.every((r) => r.transport === 'smtp' && r.sentAt === null)).toBe(true);
    } finally {
      release();
      held = null;
    }
    await vi.waitFor(() => expect(changedReceived()).toBe(2), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect((await changedRows()).every((r) => r.sentAt instanceof Date)).toBe(true));
  });

  it('left unsent by a down SMTP, are delivered by the worker once it is up', async () => {
    await db().delete(mailOutbox).where(inArray(mailOutbox.to, guests));
    received.splice(0);
    down = true;
    try {
      const moved = await call('PUT', `/api/Events/${eventId}`, { ...base, ...at(32) });
      expect(moved.statusCode, moved.body).toBe(200);
      // The delivery after the commit fails in the background: each row keeps its error.
      await vi.waitFor(
        async () => {
          const rows = await changedRows();
          expect(rows).toHaveLength(2);
          expect(rows.every((r) => r.error !== null && r.attempts === 1)).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      down = false;
    }
    expect(changedReceived()).toBe(0);
    t.clock.advance(RETRY_DELAYS_MS[0]);
    await pass();
    expect(changedReceived()).toBe(2);
    expect((await changedRows()).every((r) => r.sentAt instanceof Date && r.error === null)).toBe(true);
  });
});

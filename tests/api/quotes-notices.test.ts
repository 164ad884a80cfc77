/**
 * What the movers are told of a customer's answer is stored as its code and parameters (the move's
 * day and time as values, written by each reader's screen) with its English text, whatever language
 * the customer's page was in. The web push, which the server writes, follows each mover's own
 * language (users.language, as the platform's mails to an account do): a Spanish-speaking mover
 * reads the accept, the decline and the accept that could not book in Spanish, an English-speaking
 * mover of the same business in English. The customer's own mail on accepting (the booking's)
 * follows their page's language: tests/api/quotes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { notifications, pushSubscriptions, users } from '../../server/db/schema';
import { pushServiceOf } from '../../server/modules/notifications/push-service';
import { bookings } from '../../server/modules/bookings/tables';
import { usDate } from '../../server/modules/reports';
import { createTestApp, type TestApp } from './helpers/app';
import { FakeSender, PUSH_KEYS } from './helpers/push';
import { answerQuote, lastQuoteMail, moveWeekdays } from './helpers/quotes';

const API = '/api/Business/quotes';

let t: TestApp;
let mover: string;
let spanishMover: string;
let englishMover: string;
let today: string;
let moveDays: string[];

const sendNew = async (extra: object = {}) => {
  const email = `n${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await t.call({
    method: 'POST',
    url: API,
    token: mover,
    payload: {
      customerName: 'Lucía Cliente',
      customerEmail: email,
      moveDate: moveDays[0],
      startTime: '13:00',
      originAddress: '12 Elm St, Brooklyn, NY',
      destinationAddress: '400 Park Ave, New York, NY',
      pricingType: 'binding',
      priceCents: 80_000,
      estimatedHours: 2,
      crewSize: 2,
      validUntil: addDays(today, 10),
      ...extra,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().result.id as string;
  const sent = await t.call({ method: 'POST', url: `${API}/${id}/send`, token: mover });
  expect(sent.statusCode, sent.body).toBe(200);
  return { number: sent.json().result.number as string, token: (await lastQuoteMail(t.db.database.db, email)).token };
};

/** The newest notification of one mover whose title names the quote, as stored. */
const noticeTo = async (userId: string, number: string) => {
  const rows = await t.db.database.db
    .select({
      title: notifications.title,
      message: notifications.message,
      titleKey: notifications.titleKey,
      messageKey: notifications.messageKey,
      params: notifications.params,
    })
    .from(notifications)
    .where(eq(notifications.recipientUserId, userId))
    .orderBy(desc(notifications.createdAt));
  return rows.find((r) => r.title.includes(number));
};

/** The web push one mover's browser got about the quote (its title and message). */
const pushTo = async (name: string, number: string) => {
  await pushServiceOf(t.app.ctx)!.idle();
  const sent = push.sent.filter((s) => s.target.endpoint.endsWith(`/${name}`));
  const found = sent.find((s) => String(s.payload.title).includes(number));
  return found && { title: found.payload.title, message: found.payload.message };
};
let push: FakeSender;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  mover = (await t.login('mover@demo.test')).access;
  const db = t.db.database.db;
  // The demo mover reads the app in Spanish; a second mover of the business, in English.
  const [me] = await db
    .update(users)
    .set({ language: 'es' })
    .where(eq(users.email, 'mover@demo.test'))
    .returning({ id: users.id, businessId: users.businessId });
  spanishMover = me!.id;
  const [other] = await db
    .insert(users)
    .values({
      email: 'second.mover@example.com',
      passwordHash: 'not-a-hash',
      role: 'MOVER',
      businessId: me!.businessId,
      firstName: 'Second',
      language: 'en',
    })
    .returning({ id: users.id });
  englishMover = other!.id;
  // A browser each, so the push each would get is seen.
  push = new FakeSender();
  pushServiceOf(t.app.ctx)!.sender = push;
  await db.insert(pushSubscriptions).values([
    { userId: spanishMover, endpoint: 'https://push.example.test/send/es', ...PUSH_KEYS },
    { userId: englishMover, endpoint: 'https://push.example.test/send/en', ...PUSH_KEYS },
  ]);
  await db.delete(bookings).where(eq(bookings.businessId, me!.businessId!));
  today = zonedDay(t.clock.now, 'America/New_York');
  moveDays = moveWeekdays(today, 3);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the movers’ notices of an answer', () => {
  it('store an accept as its code, with the move’s day and time as values and the English text', async () => {
    const { number, token } = await sendNew();
    // The customer's page was English: the movers' notices do not follow it.
    const res = await answerQuote(t, token, 'accept', { 'accept-language': 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    const day = usDate(moveDays[0]!);
    const stored = await noticeTo(spanishMover, number);
    expect(stored).toMatchObject({
      titleKey: 'quoteAcceptedTitle',
      messageKey: 'quoteAcceptedMessage',
      params: {
        number,
        customer: 'Lucía Cliente',
        moveDate: { date: moveDays[0] },
        startTime: { time: '13:00' },
        invoice: expect.stringMatching(/^INV-\d{4}-\d{4}$/),
      },
      title: `Quote ${number} accepted`,
    });
    expect(stored?.message).toContain(`accepted quote ${number} for the move on ${day} at 1:00 PM. The move is booked`);
    // The same row for the English-speaking mover: the language is the reader's screen's.
    expect(await noticeTo(englishMover, number)).toEqual(stored);

    const es = await pushTo('es', number);
    expect(es?.title).toBe(`Presupuesto ${number} aceptado`);
    expect(es?.message).toMatch(
      new RegExp(
        `^Lucía Cliente aceptó el presupuesto ${number} para la mudanza del ${day} a las 1:00 PM\\. La mudanza está reservada y se creó la factura INV-\\d{4}-\\d{4} como borrador\\.$`,
      ),
    );
    expect(await pushTo('en', number)).toEqual({ title: stored!.title, message: stored!.message });
  });

  it('tell a decline, and an accept whose time was taken, in each mover’s language', async () => {
    const declined = await sendNew({ moveDate: moveDays[1] });
    expect((await answerQuote(t, declined.token, 'decline', { 'accept-language': 'es' })).statusCode).toBe(200);
    expect(await noticeTo(spanishMover, declined.number)).toMatchObject({
      titleKey: 'quoteDeclinedTitle',
      title: `Quote ${declined.number} declined`,
      message: `Lucía Cliente declined quote ${declined.number} for the move on ${usDate(moveDays[1]!)}.`,
    });
    expect(await pushTo('es', declined.number)).toEqual({
      title: `Presupuesto ${declined.number} rechazado`,
      message: `Lucía Cliente rechazó el presupuesto ${declined.number} para la mudanza del ${usDate(moveDays[1]!)}.`,
    });
    expect((await pushTo('en', declined.number))?.title).toBe(`Quote ${declined.number} declined`);

    // Two quotes for one time: the second accept cannot book it.
    const first = await sendNew({ moveDate: moveDays[2] });
    const second = await sendNew({ moveDate: moveDays[2], startTime: '14:00', estimatedHours: 1 });
    expect((await answerQuote(t, first.token, 'accept')).statusCode).toBe(200);
    expect((await answerQuote(t, second.token, 'accept')).statusCode).toBe(409);
    const failed = await noticeTo(englishMover, second.number);
    // Both moments are instants on the business's clock: the reader's screen writes them.
    expect(failed?.params).toMatchObject({
      triedAt: { at: expect.any(String), zone: 'America/New_York' },
      move: { at: expect.any(String), zone: 'America/New_York' },
    });
    expect(failed?.title).toBe(`Quote ${second.number}: the customer could not accept`);
    expect(failed?.message).toMatch(
      /^Lucía Cliente tried to accept quote Q-\d+ on \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M, but its move \(\d{2}\/\d{2}\/\d{4} 2:00 PM\) can no longer be booked\./,
    );
    const es = await pushTo('es', second.number);
    expect(es?.title).toBe(`Presupuesto ${second.number}: el cliente no pudo aceptarlo`);
    expect(es?.message).toMatch(
      /^Lucía Cliente intentó aceptar el presupuesto Q-\d+ el \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M, pero su mudanza \(\d{2}\/\d{2}\/\d{4} 2:00 PM\) ya no se puede reservar\. Cambia su fecha u hora y avisa al cliente\.$/,
    );
    // Nobody else was told.
    const all = await t.db.database.db
      .select({ to: notifications.recipientUserId })
      .from(notifications)
      .where(and(eq(notifications.type, 'quote')));
    expect(new Set(all.map((n) => n.to))).toEqual(new Set([spanishMover, englishMover]));
  });
});

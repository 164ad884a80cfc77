/**
 * What the movers are told of a customer's answer follows each mover's own language (users.language,
 * as the platform's mails to an account do): a Spanish-speaking mover reads the accept, the decline
 * and the accept that could not book in Spanish, an English-speaking mover of the same business in
 * English, whatever language the customer's page was in. The customer's own mail on accepting (the
 * booking's) follows their page's language: tests/api/quotes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { notifications, users } from '../../server/db/schema';
import { bookings } from '../../server/modules/bookings/tables';
import { usDate } from '../../server/modules/reports';
import { createTestApp, type TestApp } from './helpers/app';
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

/** The newest notification of one mover whose title names the quote. */
const noticeTo = async (userId: string, number: string) => {
  const rows = await t.db.database.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.recipientUserId, userId))
    .orderBy(desc(notifications.createdAt));
  return rows.find((r) => r.title.includes(number));
};

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
  await db.delete(bookings).where(eq(bookings.businessId, me!.businessId!));
  today = zonedDay(t.clock.now, 'America/New_York');
  moveDays = moveWeekdays(today, 3);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the movers’ notices of an answer', () => {
  it('tell an accept in each mover’s language, with the move’s day and time as the screens write them', async () => {
    const { number, token } = await sendNew();
    // The customer's page was English: the movers' notices do not follow it.
    const res = await answerQuote(t, token, 'accept', { 'accept-language': 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    const day = usDate(moveDays[0]!);
    const es = await noticeTo(spanishMover, number);
    expect(es?.title).toBe(`Presupuesto ${number} aceptado`);
    expect(es?.message).toMatch(
      new RegExp(
        `^Lucía Cliente aceptó el presupuesto ${number} para la mudanza del ${day} a las 1:00 PM\\. La mudanza está reservada y se creó la factura INV-\\d{4}-\\d{4} como borrador\\.$`,
      ),
    );
    const en = await noticeTo(englishMover, number);
    expect(en?.title).toBe(`Quote ${number} accepted`);
    expect(en?.message).toContain(`accepted quote ${number} for the move on ${day} at 1:00 PM. The move is booked`);
  });

  it('tell a decline, and an accept whose time was taken, in each mover’s language', async () => {
    const declined = await sendNew({ moveDate: moveDays[1] });
    expect((await answerQuote(t, declined.token, 'decline', { 'accept-language': 'es' })).statusCode).toBe(200);
    expect(await noticeTo(spanishMover, declined.number)).toEqual({
      title: `Presupuesto ${declined.number} rechazado`,
      message: `Lucía Cliente rechazó el presupuesto ${declined.number} para la mudanza del ${usDate(moveDays[1]!)}.`,
    });
    expect((await noticeTo(englishMover, declined.number))?.title).toBe(`Quote ${declined.number} declined`);

    // Two quotes for one time: the second accept cannot book it.
    const first = await sendNew({ moveDate: moveDays[2] });
    const second = await sendNew({ moveDate: moveDays[2], startTime: '14:00', estimatedHours: 1 });
    expect((await answerQuote(t, first.token, 'accept')).statusCode).toBe(200);
    expect((await answerQuote(t, second.token, 'accept')).statusCode).toBe(409);
    const es = await noticeTo(spanishMover, second.number);
    expect(es?.title).toBe(`Presupuesto ${second.number}: el cliente no pudo aceptarlo`);
    expect(es?.message).toMatch(
      /^Lucía Cliente intentó aceptar el presupuesto Q-\d+ el \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M, pero su mudanza \(\d{2}\/\d{2}\/\d{4} 2:00 PM\) ya no se puede reservar\. Cambia su fecha u hora y avisa al cliente\.$/,
    );
    const en = await noticeTo(englishMover, second.number);
    expect(en?.title).toBe(`Quote ${second.number}: the customer could not accept`);
    // Nobody else was told.
    const all = await t.db.database.db
      .select({ to: notifications.recipientUserId })
      .from(notifications)
      .where(and(eq(notifications.type, 'quote')));
    expect(new Set(all.map((n) => n.to))).toEqual(new Set([spanishMover, englishMover]));
  });
});

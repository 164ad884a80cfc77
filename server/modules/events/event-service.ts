/**
 * The writes of events, their ticket types and tickets (club_event_management). Each change is
 * one transaction; mail, live refresh and venue events follow the commit. Issuing a ticket
 * locks its type's row first, so the count of tickets issued and the insert see the same
 * number: twenty owners clicking at once for the last five tickets issue exactly five.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { mailWhen } from '../../../src/domain/email-templates/mail-time';
import { eventTimesProblem, type EventInput, type IssueTicketInput } from '../../../src/domain/events/events';
import type { EventTicketView } from '../../../src/domain/events/wire';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { formatPassCode, newPassCode } from '../../../src/domain/reservations/pass-code';
import { formatUsd } from '../../../src/domain/money';
import { badRequest, conflict } from '../../http/errors';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { platformMailFiller, renderPlatformMail, requestLocale } from '../email-templates';
import { deliverAfterCommit } from '../mail';
import type { DbOrTx } from '../../db/client';
import { passLink } from '../reservations';
import { recordVenueEvent, runAfterCommit, timeZoneOf, venueOfBusiness } from '../venue';
import { eventOfBusiness, soldByType } from './queries';
import { events, eventTickets, eventTicketTypes } from './tables';

/** Open event screens (month view, details) refresh when an event or its tickets change. */
export const EVENTS_LIVE = registerLiveResource({
  name: 'events',
  tenant: true,
  access: { list: ['CLUBOWNER'], show: ['CLUBOWNER'] },
});

const cents = (usd: number) => Math.round(usd * 100);
/** "12/05/2026, 9:00 PM EST" in the business's time zone, for mails (MM/DD/YYYY h:mm A, as screens). */
const localTime = (at: Date, timeZone: string, locale: PlatformMailLocale) =>
  mailWhen(at, timeZone, locale, { weekday: false });
const publish = (app: FastifyInstance, businessId: string, action: 'created' | 'updated', id: string) =>
  publishRecordChanges(app, EVENTS_LIVE, action, new Map([[businessId, [id]]]));

/**
 * The mail to each guest holding a ticket, once per address: the platform's `kind` mail with the
 * event's fields. What it needs is read before the change's transaction (the template, the
 * business's sender); `record` writes the mails to the outbox inside it, so they exist exactly
 * when the change commits (under SMTP they are delivered after the commit, in the background,
 * and retried by the mail worker: server/modules/mail/worker.ts).
 */
async function ticketHolderMail(
  app: FastifyInstance,
  businessId: string,
  kind: 'event-changed' | 'event-cancelled',
  locale: PlatformMailLocale,
) {
  const [fill, sender] = await Promise.all([
    platformMailFiller(app, kind, locale),
    app.ctx.mail.senderOf(businessId).catch((err: unknown) => {
      app.log.warn({ err, kind }, "could not read the business's sender: the event's mail goes from MAIL_FROM");
      return null;
    }),
  ]);
  const batch = app.ctx.mail.batch(businessId, sender);
  return {
    async record(tx: DbOrTx, guests: { name: string; email: string }[], event: Record<string, string>) {
      const mailed = new Set<string>();
      const messages = guests.flatMap((guest) => {
        if (mailed.has(guest.email)) return [];
        mailed.add(guest.email);
        return [{ businessId, to: guest.email, ...fill({ 'guest.name': guest.name, ...event }) }];
      });
      return messages.length ? batch.record(tx, messages) : null;
    },
  };
}

function checkTimes(input: EventInput, now: number, creating: boolean) {
  const problem = eventTimesProblem(input, now, creating);
  if (Object.keys(problem).length) throw badRequest(MESSAGES.invalidInput, problem);
}

export async function createEvent(
  app: FastifyInstance,
  businessId: string,
  userId: string,
  input: EventInput,
): Promise<string> {
  const { db } = app.ctx.database;
  checkTimes(input, app.ctx.now(), true);
  await venueOfBusiness(db, businessId, input.venueId);
  const id = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(events)
      .values({
        businessId,
        venueId: input.venueId,
        name: input.name,
        description: input.description ?? '',
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        createdBy: userId,
        createdAt: new Date(app.ctx.now()),
        updatedAt: new Date(app.ctx.now()),
      })
      .returning({ id: events.id });
    await tx.insert(eventTicketTypes).values(
      input.ticketTypes.map((t, position) => ({
        eventId: made!.id,
        name: t.name,
        priceCents: cents(t.price),
        quantity: t.quantity,
        position,
      })),
    );
    return made!.id;
  });
  await publish(app, businessId, 'created', id);
  return id;
}

/**
 * Replaces the event's fields and ticket types: a type with an id is updated, one without is
 * added, one left out is removed. A type with tickets issued can be neither removed nor set
 * below what is issued; its price can change, for the tickets issued from then on (a ticket keeps
 * the price it was issued at). A cancelled event stays as it is, even against a cancel sent at
 * the same moment (both lock the event's row). Moved to another start or venue, each
 * guest holding a valid ticket is told by mail, once per address, in `locale` (the language of
 * the page it was edited from, as the cancel's mails): the mails are written to the outbox in
 * the change's transaction and handed to SMTP after it commits, without the request waiting.
 */
export async function updateEvent(
  app: FastifyInstance,
  businessId: string,
  id: string,
  input: EventInput,
  locale: PlatformMailLocale = 'en',
) {
  const { db } = app.ctx.database;
  const current = await eventOfBusiness(db, businessId, id);
  if (current.status === 'cancelled') throw conflict(MESSAGES.eventCancelled);
  const moved = current.startsAt.getTime() !== Date.parse(input.startsAt);
  checkTimes(input, app.ctx.now(), moved);
  const venue = await venueOfBusiness(db, businessId, input.venueId);
  const told = moved || venue.id !== current.venueId;
  const mail = told ? await ticketHolderMail(app, businessId, 'event-changed', locale) : null;
  const fields = told && {
    'event.name': input.name,
    'event.when': localTime(new Date(input.startsAt), await timeZoneOf(db, businessId), locale),
    'event.venue': venue.name,
  };
  const recorded = await db.transaction(async (tx) => {
    // The event's row is locked first, as the cancel locks it: an edit and a cancel sent at once
    // take turns, and the one that waited reads the event as the other left it — an edit that
    // finds it cancelled is refused, so a cancelled event is never edited back into selling.
    const [locked] = await tx.select({ status: events.status }).from(events).where(eq(events.id, id)).for('update');
    if (locked?.status === 'cancelled') throw conflict(MESSAGES.eventCancelled);
    const existing = await tx.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, id)).for('update');
    const sold = await soldByType(tx, id);
    const known = new Set(existing.map((t) => t.id));
    const errors: Record<string, string> = {};
    input.ticketTypes.forEach((t, i) => {
      if (t.id && !known.has(t.id)) errors[`ticketTypes.${i}.id`] = MESSAGES.ticketTypeNotFound;
      const issued = t.id ? (sold.get(t.id) ?? 0) : 0;
      if (t.quantity < issued)
        errors[`ticketTypes.${i}.quantity`] = formatMessage('quantityBelowIssued', { count: issued });
    });
    const kept = new Set(input.ticketTypes.flatMap((t) => (t.id ? [t.id] : [])));
    const removed = existing.filter((t) => !kept.has(t.id));
    if (removed.some((t) => (sold.get(t.id) ?? 0) > 0)) errors.ticketTypes = MESSAGES.ticketTypeHasTickets;
    if (Object.keys(errors).length) throw badRequest(MESSAGES.invalidInput, errors);

    await tx
      .update(events)
      .set({
        venueId: input.venueId,
        name: input.name,
        description: input.description ?? '',
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        updatedAt: new Date(app.ctx.now()),
      })
      .where(eq(events.id, id));
    if (removed.length)
      await tx.delete(eventTicketTypes).where(
        inArray(
          eventTicketTypes.id,
          removed.map((t) => t.id),
        ),
      );
    for (const [position, t] of input.ticketTypes.entries()) {
      const values = { name: t.name, priceCents: cents(t.price), quantity: t.quantity, position };
      if (t.id) await tx.update(eventTicketTypes).set(values).where(eq(eventTicketTypes.id, t.id));
      else await tx.insert(eventTicketTypes).values({ ...values, eventId: id });
    }
    if (!mail || !fields) return null;
    // Read under the types' locks: the tickets issued before this change, which issues wait on.
    const guests = await tx
      .select({ name: eventTickets.guestName, email: eventTickets.guestEmail })
      .from(eventTickets)
      .where(and(eq(eventTickets.eventId, id), eq(eventTickets.status, 'valid')));
    // In the outbox with the change: committed together, or neither.
    return mail.record(tx, guests, fields);
  });
  if (recorded) deliverAfterCommit(app, recorded);
  await publish(app, businessId, 'updated', id);
}

/**
 * Cancels the event: kept, marked cancelled, every ticket cancelled, every guest with a ticket
 * told by mail (once per address), and `event.cancelled` emitted.
 */
/** `locale`: the language of the page it was cancelled from, the guests' mails' (they have no account). */
export async function cancelEvent(
  app: FastifyInstance,
  businessId: string,
  id: string,
  locale: PlatformMailLocale = 'en',
): Promise<void> {
  const { db } = app.ctx.database;
  const current = await eventOfBusiness(db, businessId, id);
  if (current.status === 'cancelled') throw conflict(MESSAGES.eventCancelled);
  const now = new Date(app.ctx.now());
  const mail = await ticketHolderMail(app, businessId, 'event-cancelled', locale);
  const fields = {
    'event.name': current.name,
    'event.when': localTime(current.startsAt, await timeZoneOf(db, businessId), locale),
  };
  const { mails, after } = await db.transaction(async (tx) => {
    // The event's row is locked before its tickets are read: a ticket being issued holds it shared
    // until it commits (issueTicket), so it is either in before the cancel, and cancelled with the
    // others, or waits and then finds the event cancelled.
    const [locked] = await tx.select({ status: events.status }).from(events).where(eq(events.id, id)).for('update');
    if (locked?.status === 'cancelled') throw conflict(MESSAGES.eventCancelled);
    await tx.update(events).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(events.id, id));
    const cancelled = await tx
      .update(eventTickets)
      .set({ status: 'cancelled' })
      .where(and(eq(eventTickets.eventId, id), notInArray(eventTickets.status, ['cancelled'])))
      .returning({ name: eventTickets.guestName, email: eventTickets.guestEmail });
    // The event's webhook deliveries commit with the cancellation (venue-events.ts).
    const recorded = await recordVenueEvent(app, tx, {
      type: 'event.cancelled',
      businessId,
      data: {
        eventId: id,
        venueId: current.venueId,
        name: current.name,
        startsAt: current.startsAt.toISOString(),
        ticketsCancelled: cancelled.length,
      },
    });
    return { mails: await mail.record(tx, cancelled, fields), after: recorded };
  });
  if (mails) deliverAfterCommit(app, mails);
  await runAfterCommit(app, after);
  await publish(app, businessId, 'updated', id);
}

/** Issues one ticket if the type has one left; mails the guest the pass code and its link. */
export async function issueTicket(
  app: FastifyInstance,
  request: FastifyRequest | null,
  businessId: string,
  userId: string,
  eventId: string,
  input: IssueTicketInput,
): Promise<EventTicketView> {
  const { db } = app.ctx.database;
  const event = await eventOfBusiness(db, businessId, eventId);
  if (event.status === 'cancelled') throw conflict(MESSAGES.eventCancelled);
  const ticket = await db.transaction(async (tx) => {
    // The event's row, held shared: issues go on side by side, a cancel waits for them (and they
    // for it), and one that waited reads the event as the cancel left it.
    const [held] = await tx.select({ status: events.status }).from(events).where(eq(events.id, eventId)).for('share');
    if (held?.status === 'cancelled') throw conflict(MESSAGES.eventCancelled);
    // The lock makes concurrent issues of this type wait here, one by one.
    const [type] = await tx
      .select()
      .from(eventTicketTypes)
      .where(and(eq(eventTicketTypes.id, input.ticketTypeId), eq(eventTicketTypes.eventId, eventId)))
      .for('update');
    if (!type) throw badRequest(MESSAGES.invalidInput, { ticketTypeId: MESSAGES.ticketTypeNotFound });
    const issued = (await soldByType(tx, eventId)).get(type.id) ?? 0;
    if (issued >= type.quantity) throw conflict(MESSAGES.ticketsSoldOut, { ticketTypeId: MESSAGES.ticketsSoldOut });
    const [made] = await tx
      .insert(eventTickets)
      .values({
        businessId,
        eventId,
        ticketTypeId: type.id,
        guestName: input.guestName,
        guestEmail: input.guestEmail,
        code: newPassCode(randomBytes),
        // Read under the type's lock: a price change waits for this ticket, or this ticket for it.
        priceCents: type.priceCents,
        createdBy: userId,
        createdAt: new Date(app.ctx.now()),
      })
      .returning();
    return { row: made!, type };
  });
  // In the language of the page it was issued from: a guest has no account.
  const locale = requestLocale(request);
  const when = localTime(event.startsAt, await timeZoneOf(db, businessId), locale);
  const link = await passLink(app, request, { kind: 'ticket', code: ticket.row.code });
  const mail = await renderPlatformMail(app, 'ticket', locale, {
    'guest.name': ticket.row.guestName,
    'event.name': event.name,
    'event.when': when,
    'ticket.type': ticket.type.name,
    'ticket.price': formatUsd(ticket.row.priceCents),
    // Grouped, as the ticket page and the door show it (pass-code.ts).
    'ticket.code': formatPassCode(ticket.row.code),
    'ticket.link': link,
  });
  await app.ctx.mail
    .send({ businessId, to: ticket.row.guestEmail, ...mail })
    .catch((err: unknown) => app.log.warn({ err }, 'could not mail a ticket'));
  await publish(app, businessId, 'updated', eventId);
  return {
    id: ticket.row.id,
    ticketTypeId: ticket.row.ticketTypeId,
    guestName: ticket.row.guestName,
    guestEmail: ticket.row.guestEmail,
    code: ticket.row.code,
    priceCents: ticket.row.priceCents,
    status: 'valid',
    createdAt: ticket.row.createdAt.toISOString(),
  };
}

/**
 * The reservation writes (this service owns the reservations and reservation_tables rows).
 *
 * Double booking is impossible because the check and the write are one transaction that first
 * takes the venue's advisory lock: two bookings for the same venue run one after the other, so
 * the second one's overlap check sees the first one's tables. The hours are read under the same
 * lock, which a special date's save takes too (closure-watch.ts): a night closed while a booking
 * is being made is either seen by the booking or lists the booking as affected. Per venue, not global, so busy
 * venues do not wait on each other. What others hear of a write (the live hub, venue events,
 * the guest's mail) goes out only after it has committed.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { normalizePhone } from '../../../src/domain/phone';
import { peakGuests } from '../../../src/domain/reservations/capacity';
import { newPassCode } from '../../../src/domain/reservations/pass-code';
import {
  OPEN_STATUSES,
  reservationRuleErrors,
  STATUS_FOLLOWS,
  type PlanTable,
  type ReservationInput,
  type StatusChange,
} from '../../../src/domain/reservations/reservation';
import { reservations, reservationTables } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { scheduleOf, type VenueRow, recordVenueEvent } from '../venue';
import { announce, reservationEvent } from './announce';
import { guestShouldHear } from './guest-mail';
import { planTables } from './plan-tables';
import { holdings, reservationOf, type DbOrTx, type ReservationWithTables } from './queries';

interface Actor {
  userId: string;
  request: FastifyRequest | null;
}

/** Serialises the venue's reservation writes until the transaction ends (PostgreSQL and PGlite alike). */
async function lockVenue(tx: DbOrTx, venueId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'reservations:' + venueId}))`);
}

/** The opening hours and floor plan a reservation is checked against, or 400 with every field's message. */
async function checkRules(
  db: DbOrTx,
  venue: VenueRow,
  input: ReservationInput,
  now: number,
  keepStart: boolean,
): Promise<PlanTable[]> {
  const [schedule, tables] = await Promise.all([scheduleOf(db, venue, now), planTables(db, venue.id)]);
  const errors = reservationRuleErrors(input, { now, ...schedule, tables }, keepStart);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return tables!;
}

/**
 * The checks against the other bookings of the stay (call under the venue lock), from one read
 * of them: 409 when another holding reservation has one of the chosen tables at an overlapping
 * time; 400 when the venue would hold more guests at some moment than its capacity.
 */
async function refuseConflicts(
  tx: DbOrTx,
  venue: VenueRow,
  tables: PlanTable[],
  input: ReservationInput,
  start: number,
  end: number,
  except?: string,
) {
  const held = await holdings(tx, venue.id, null, start, end, except);
  const taken = held.find((h) => input.tableIds.includes(h.tableId));
  if (taken) {
    const name = tables.find((t) => t.id === taken.tableId)?.name ?? taken.tableId;
    const message = formatMessage('tableTaken', { table: name });
    throw conflict(message, { tableIds: message });
  }
  if (!venue.capacity) return;
  // One span per reservation, however many tables it holds.
  const spans = new Map(
    held.map((h) => [h.reservationId, { start: h.startsAt.getTime(), end: h.endsAt.getTime(), guests: h.partySize }]),
  );
  const guests = peakGuests([...spans.values(), { start, end, guests: input.partySize }], start, end);
  if (guests <= venue.capacity) return;
  const message = formatMessage('venueOverCapacity', { capacity: venue.capacity, guests });
  throw badRequest(message, { partySize: message });
}

const guestFields = (input: ReservationInput) => ({
  guestName: input.guestName,
  guestPhone: normalizePhone(input.guestPhone)!,
  guestEmail: input.guestEmail.toLowerCase(),
  partySize: input.partySize,
  notes: input.notes,
});

export async function createReservation(
  app: FastifyInstance,
  venue: VenueRow,
  actor: Actor,
  input: ReservationInput,
): Promise<ReservationWithTables> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const start = Date.parse(input.startsAt);
  const end = start + input.durationMinutes * 60_000;
  const created = await db.transaction(async (tx) => {
    await lockVenue(tx, venue.id);
    const tables = await checkRules(tx, venue, input, now, false);
    await refuseConflicts(tx, venue, tables, input, start, end);
    // 50 random bits collide about never; a collision takes another code rather than failing.
    let id: string | undefined;
    while (!id) {
      const [row] = await tx
        .insert(reservations)
        .values({
          businessId: venue.businessId,
          venueId: venue.id,
          ...guestFields(input),
          startsAt: new Date(start),
          endsAt: new Date(end),
          code: newPassCode(randomBytes),
          createdBy: actor.userId,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .onConflictDoNothing({ target: reservations.code })
        .returning({ id: reservations.id });
      id = row?.id;
    }
    await tx.insert(reservationTables).values(
      input.tableIds.map((tableId) => ({
        reservationId: id,
        venueId: venue.id,
        tableId,
        startsAt: new Date(start),
        endsAt: new Date(end),
      })),
    );
    const reservation = (await reservationOf(tx, venue.id, id))!;
    return {
      reservation,
      tables,
      after: await recordVenueEvent(app, tx, reservationEvent(venue, reservation, 'created', tables)),
    };
  });
  await announce(app, venue, created.reservation, 'created', {
    tables: created.tables,
    request: actor.request,
    mail: 'booked',
    after: created.after,
  });
  return created.reservation;
}

export async function updateReservation(
  app: FastifyInstance,
  venue: VenueRow,
  actor: Actor,
  id: string,
  input: ReservationInput,
): Promise<ReservationWithTables> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const before = await reservationOf(db, venue.id, id);
  if (!before) throw notFound(MESSAGES.reservationNotFound);
  const keepStart = before.startsAt.getTime() === Date.parse(input.startsAt);
  const start = Date.parse(input.startsAt);
  const end = start + input.durationMinutes * 60_000;
  const updated = await db.transaction(async (tx) => {
    await lockVenue(tx, venue.id);
    const current = await reservationOf(tx, venue.id, id);
    if (!current) throw notFound(MESSAGES.reservationNotFound);
    if (!OPEN_STATUSES.includes(current.status)) throw conflict(MESSAGES.reservationClosed);
    const tables = await checkRules(tx, venue, input, now, keepStart);
    await refuseConflicts(tx, venue, tables, input, start, end, id);
    await tx
      .update(reservations)
      .set({ ...guestFields(input), startsAt: new Date(start), endsAt: new Date(end), updatedAt: new Date(now) })
      .where(eq(reservations.id, id));
    await tx.delete(reservationTables).where(eq(reservationTables.reservationId, id));
    await tx.insert(reservationTables).values(
      input.tableIds.map((tableId) => ({
        reservationId: id,
        venueId: venue.id,
        tableId,
        startsAt: new Date(start),
        endsAt: new Date(end),
      })),
    );
    const reservation = (await reservationOf(tx, venue.id, id))!;
    return {
      reservation,
      tables,
      after: await recordVenueEvent(app, tx, reservationEvent(venue, reservation, 'changed', tables)),
    };
  });
  await announce(app, venue, updated.reservation, 'changed', {
    tables: updated.tables,
    request: actor.request,
    mail: guestShouldHear(before, updated.reservation) ? 'changed' : undefined,
    after: updated.after,
  });
  return updated.reservation;
}

/** seated, paid or no-show, each only after the status it follows; 409 otherwise. */
export async function setReservationStatus(
  app: FastifyInstance,
  venue: VenueRow,
  id: string,
  status: StatusChange,
): Promise<ReservationWithTables> {
  const { db } = app.ctx.database;
  const tables = await planTables(db, venue.id);
  const { current, after } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reservations)
      .set({ status, updatedAt: new Date(app.ctx.now()) })
      .where(
        and(
          eq(reservations.id, id),
          eq(reservations.venueId, venue.id),
          inArray(reservations.status, [...STATUS_FOLLOWS[status]]),
        ),
      )
      .returning({ id: reservations.id });
    const found = await reservationOf(tx, venue.id, id);
    if (!found) throw notFound(MESSAGES.reservationNotFound);
    if (!row) throw conflict(MESSAGES.reservationStatusStep, { status: MESSAGES.reservationStatusStep });
    return {
      current: found,
      after: await recordVenueEvent(app, tx, reservationEvent(venue, found, 'changed', tables)),
    };
  });
  await announce(app, venue, current, 'changed', { tables, request: null, after });
  return current;
}

/** Cancels a booked or seated reservation; the row stays, as cancelled, and its tables are free again. */
export async function cancelReservation(
  app: FastifyInstance,
  venue: VenueRow,
  id: string,
): Promise<ReservationWithTables> {
  const { db } = app.ctx.database;
  const tables = await planTables(db, venue.id);
  const { current, after } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reservations)
      .set({ status: 'cancelled', updatedAt: new Date(app.ctx.now()) })
      .where(
        and(
          eq(reservations.id, id),
          eq(reservations.venueId, venue.id),
          inArray(reservations.status, [...OPEN_STATUSES]),
        ),
      )
      .returning({ id: reservations.id });
    const found = await reservationOf(tx, venue.id, id);
    if (!found) throw notFound(MESSAGES.reservationNotFound);
    if (!row) throw conflict(MESSAGES.reservationClosed);
    return {
      current: found,
      after: await recordVenueEvent(app, tx, reservationEvent(venue, found, 'cancelled', tables)),
    };
  });
  await announce(app, venue, current, 'cancelled', { tables, request: null, mail: 'cancelled', after });
  return current;
}

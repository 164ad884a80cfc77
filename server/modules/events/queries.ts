/**
 * Reads of events: the month view's list (events overlapping a month of the business's time
 * zone) and one event with, per ticket type, tickets issued and admitted at the door (a
 * read-only count of door_admissions rows of kind 'ticket').
 */
import { and, asc, count, eq, gt, lt, ne } from 'drizzle-orm';
import type { EventDetails, EventSummary, EventTicketView } from '../../../src/domain/events/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { zonedTimeToInstant } from '../../../src/domain/venue/opening-hours';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { doorAdmissions } from '../reservations/tables';
import { timeZoneOf, venueOfBusiness } from '../venue';
import { events, eventTickets, eventTicketTypes } from './tables';
import { isUuid } from '../../../src/domain/uuid';

type EventRow = typeof events.$inferSelect;

export const toSummary = (row: EventRow): EventSummary => ({
  id: row.id,
  venueId: row.venueId,
  name: row.name,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
});

/** The event if it is the business's, else 404 (as if missing). */
export async function eventOfBusiness(db: Db, businessId: string, id: string): Promise<EventRow> {
  if (!isUuid(id)) throw notFound(MESSAGES.eventNotFound);
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.businessId, businessId)));
  if (!row) throw notFound(MESSAGES.eventNotFound);
  return row;
}

/** Events overlapping the month (1–12) in the business's time zone, by start. */
export async function eventsOfMonth(
  db: Db,
  businessId: string,
  month: number,
  year: number,
  venueId?: string,
): Promise<EventSummary[]> {
  const timeZone = await timeZoneOf(db, businessId);
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const from = new Date(zonedTimeToInstant(first, 0, timeZone));
  const to = new Date(zonedTimeToInstant(next, 0, timeZone));
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.businessId, businessId),
        lt(events.startsAt, to),
        gt(events.endsAt, from),
        ...(venueId ? [eq(events.venueId, venueId)] : []),
      ),
    )
    .orderBy(asc(events.startsAt));
  return rows.map(toSummary);
}

/**
 * The next events of a venue that are not over and not cancelled, soonest first: what the events
 * page lists as "Upcoming", and the month it opens on when this one has none.
 */
export async function upcomingEvents(
  db: Db,
  businessId: string,
  venueId: string,
  now: Date,
  limit: number,
): Promise<EventSummary[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.businessId, businessId),
        eq(events.venueId, venueId),
        gt(events.endsAt, now),
        ne(events.status, 'cancelled'),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Valid tickets issued per type of an event. */
export async function soldByType(db: Pick<Db, 'select'>, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ typeId: eventTickets.ticketTypeId, n: count() })
    .from(eventTickets)
    .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.status, 'valid')))
    .groupBy(eventTickets.ticketTypeId);
  return new Map(rows.map((r) => [r.typeId, r.n]));
}

export async function eventDetails(db: Db, businessId: string, id: string): Promise<EventDetails> {
  const row = await eventOfBusiness(db, businessId, id);
  const venue = await venueOfBusiness(db, businessId, row.venueId);
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, row.id))
    .orderBy(asc(eventTicketTypes.position));
  const sold = await soldByType(db, row.id);
  const admittedRows = await db
    .select({ typeId: eventTickets.ticketTypeId, n: count() })
    .from(doorAdmissions)
    .innerJoin(eventTickets, eq(eventTickets.id, doorAdmissions.refId))
    .where(and(eq(doorAdmissions.kind, 'ticket'), eq(eventTickets.eventId, row.id)))
    .groupBy(eventTickets.ticketTypeId);
  const admitted = new Map(admittedRows.map((r) => [r.typeId, r.n]));
  return {
    ...toSummary(row),
    venueName: venue.name,
    ticketTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      priceCents: t.priceCents,
      quantity: t.quantity,
      sold: sold.get(t.id) ?? 0,
      admitted: admitted.get(t.id) ?? 0,
    })),
  };
}

export async function ticketsOfEvent(db: Db, businessId: string, id: string): Promise<EventTicketView[]> {
  const row = await eventOfBusiness(db, businessId, id);
  const rows = await db
    .select()
    .from(eventTickets)
    .where(eq(eventTickets.eventId, row.id))
    .orderBy(asc(eventTickets.createdAt));
  return rows.map((t) => ({
    id: t.id,
    ticketTypeId: t.ticketTypeId,
    guestName: t.guestName,
    guestEmail: t.guestEmail,
    code: t.code,
    priceCents: t.priceCents,
    status: t.status === 'cancelled' ? 'cancelled' : 'valid',
    createdAt: t.createdAt.toISOString(),
  }));
}

/**
 * The door's reads: a pass by its code (a reservation, or an event ticket with its event and
 * type — the events area owns those tables; the door only reads them), and the admissions of a
 * venue's night. One query per pass kind, with the venue's name and the business's time zone
 * joined in, so a redeem costs few round trips.
 */
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  businesses,
  doorAdmissions,
  eventTickets,
  eventTicketTypes,
  events,
  reservations,
  users,
} from '../../db/schema';
import { tableOf } from '../../resources/tables';
import type { PassKind } from './door-pass';

export interface FoundPass {
  kind: PassKind;
  id: string;
  code: string;
  businessId: string;
  venueId: string;
  venueName: string;
  timeZone: string;
  guestName: string;
  partySize: number | null;
  ticketType: string | null;
  eventName: string | null;
  startsAt: Date;
  endsAt: Date;
  /** The reservation's or the ticket's own status. */
  status: string;
  /** The event's status (tickets only). */
  eventStatus: string | null;
}

async function reservationByCode(db: Db, code: string): Promise<FoundPass | null> {
  const v = tableOf('venues');
  const [row] = await db
    .select({
      id: reservations.id,
      code: reservations.code,
      businessId: reservations.businessId,
      venueId: reservations.venueId,
      venueName: v.name,
      timeZone: businesses.timeZone,
      guestName: reservations.guestName,
      partySize: reservations.partySize,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      status: reservations.status,
    })
    .from(reservations)
    .innerJoin(v, eq(v.id, reservations.venueId))
    .innerJoin(businesses, eq(businesses.id, reservations.businessId))
    .where(eq(reservations.code, code))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    kind: 'reservation',
    venueName: String(row.venueName),
    ticketType: null,
    eventName: null,
    eventStatus: null,
  };
}

async function ticketByCode(db: Db, code: string): Promise<FoundPass | null> {
  const v = tableOf('venues');
  const [row] = await db
    .select({
      id: eventTickets.id,
      code: eventTickets.code,
      businessId: eventTickets.businessId,
      venueId: events.venueId,
      venueName: v.name,
      timeZone: businesses.timeZone,
      guestName: eventTickets.guestName,
      ticketType: eventTicketTypes.name,
      eventName: events.name,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      status: eventTickets.status,
      eventStatus: events.status,
    })
    .from(eventTickets)
    .innerJoin(events, eq(events.id, eventTickets.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
    .innerJoin(v, eq(v.id, events.venueId))
    .innerJoin(businesses, eq(businesses.id, eventTickets.businessId))
    .where(eq(eventTickets.code, code))
    .limit(1);
  if (!row) return null;
  return { ...row, kind: 'ticket', venueName: String(row.venueName), partySize: null };
}

/** The pass with this code; a typed code says no kind, so reservations are tried first. */
export async function passByCode(db: Db, code: string, kind: PassKind | null): Promise<FoundPass | null> {
  if (kind === 'reservation') return reservationByCode(db, code);
  if (kind === 'ticket') return ticketByCode(db, code);
  return (await reservationByCode(db, code)) ?? (await ticketByCode(db, code));
}

export async function admissionOf(db: Db, code: string) {
  const [row] = await db
    .select({
      refId: doorAdmissions.refId,
      admittedAt: doorAdmissions.admittedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(doorAdmissions)
    .leftJoin(users, eq(users.id, doorAdmissions.admittedBy))
    .where(eq(doorAdmissions.code, code));
  return row ?? null;
}

/** The admitting user's names, as columns an admission's INSERT … RETURNING can carry. */
export const admitterName = (userId: string) => ({
  firstName: sql<string | null>`(select ${users.firstName} from ${users} where ${users.id} = ${userId})`,
  lastName: sql<string | null>`(select ${users.lastName} from ${users} where ${users.id} = ${userId})`,
});

export const personName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || null;

/** A venue's admissions from `from` to `to`, newest first (at most `limit`). */
export async function admissionsOfVenue(
  db: Db,
  businessId: string,
  venueId: string,
  from: Date,
  to: Date,
  limit = 100,
) {
  const ticketEvents = alias(events, 'ticket_events');
  return db
    .select({
      kind: doorAdmissions.kind,
      id: doorAdmissions.refId,
      admittedAt: doorAdmissions.admittedAt,
      reservationGuest: reservations.guestName,
      partySize: reservations.partySize,
      ticketGuest: eventTickets.guestName,
      ticketType: eventTicketTypes.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(doorAdmissions)
    .leftJoin(reservations, and(eq(doorAdmissions.kind, 'reservation'), eq(reservations.id, doorAdmissions.refId)))
    .leftJoin(eventTickets, and(eq(doorAdmissions.kind, 'ticket'), eq(eventTickets.id, doorAdmissions.refId)))
    .leftJoin(ticketEvents, eq(ticketEvents.id, eventTickets.eventId))
    .leftJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
    .leftJoin(users, eq(users.id, doorAdmissions.admittedBy))
    .where(
      and(
        eq(doorAdmissions.businessId, businessId),
        gte(doorAdmissions.admittedAt, from),
        lt(doorAdmissions.admittedAt, to),
        or(eq(reservations.venueId, venueId), eq(ticketEvents.venueId, venueId)),
      ),
    )
    .orderBy(desc(doorAdmissions.admittedAt), sql`${doorAdmissions.code}`)
    .limit(limit);
}

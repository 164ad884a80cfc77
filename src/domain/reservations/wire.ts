/**
 * The reservation area's answers, written once: the routes (server/modules/reservations)
 * answer through these schemas and the screens (src/custom/reservations) read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { RESERVATION_STATUSES, TABLE_STATES } from './reservation';

export const reservationAnswer = z.object({
  id: z.string(),
  venueId: z.string(),
  guestName: z.string(),
  guestPhone: z.string(),
  guestEmail: z.string(),
  partySize: z.number(),
  startsAt: timestamp,
  endsAt: timestamp,
  durationMinutes: z.number(),
  notes: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  code: z.string(),
  tableIds: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Reservation = z.output<typeof reservationAnswer>;

/** A stretch of the night, as ISO instants. */
const span = z.object({ start: z.string(), end: z.string() });
export type Span = z.output<typeof span>;

/** A night's bookings and free spans per table, and (when asked) the suggested table. */
export const availabilityAnswer = z.object({
  day: z.string(),
  timeZone: z.string(),
  night: z.nullable(span),
  window: span,
  hasFloorPlan: z.boolean(),
  tables: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      places: z.number(),
      isAvailable: z.boolean(),
      busy: z.array(
        z.object({
          reservationId: z.string(),
          guestName: z.string(),
          partySize: z.number(),
          status: z.enum(RESERVATION_STATUSES),
          startsAt: z.string(),
          endsAt: z.string(),
        }),
      ),
      free: z.array(span),
    }),
  ),
  suggestion: z.nullable(z.object({ tableIds: z.array(z.string()), places: z.number(), reason: z.string() })),
});
export type Availability = z.output<typeof availabilityAnswer>;

/** One floor-plan table's state at an instant, with the reservation holding it. */
export const tableStateAnswer = z.object({
  tableId: z.string(),
  state: z.enum(TABLE_STATES),
  reservationId: z.nullable(z.string()),
  guestName: z.nullable(z.string()),
  partySize: z.nullable(z.number()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
});
export type TableStateRow = z.output<typeof tableStateAnswer>;

/** How many bookings not yet over hold a table (the seating editor warns before removing it). */
export const upcomingCountAnswer = z.object({ tableId: z.string(), count: z.number() });
export type UpcomingCount = z.output<typeof upcomingCountAnswer>;
/** The list of them, as a screen reads it. */
export const upcomingCountsAnswer = z.array(upcomingCountAnswer);

/**
 * Closing days that already have bookings (the product brief, section 7, Availability and
 * exceptions; club_schedule_management's special dates). A closure, or other hours, must not
 * leave the people booked on those days unaware, so the schedule screens ask first and the
 * server insists on the answer:
 *
 * - a dry run, POST `…/affected` with the closure's body, answers the bookings it would cover
 *   (`{ affected: CoveredBooking[] }`, soonest first) and changes nothing;
 * - the write itself carries `affected: 'notify' | 'keep'`. Without it, a closure that covers
 *   bookings is refused with 409 and `closureCoversBookings` (its count), so no caller closes a
 *   day over bookings unawares (a dry run that found none sends none; a booking made meanwhile
 *   then stops the write, and the screen asks). The answer applies to every booking covered when
 *   the write runs (under the same lock bookings take): 'notify' mails each booked person who
 *   left an address that the days changed; 'keep' says nothing. Either way the bookings stay as
 *   they are, for the business to move or cancel.
 *
 * A booking is covered when it is still to come, holds its time (not cancelled) and no longer
 * fits the hours the days would have.
 */
import * as z from 'zod/mini';
import { MESSAGES } from './messages';

export const COVERED_CHOICES = ['notify', 'keep'] as const;
export type CoveredChoice = (typeof COVERED_CHOICES)[number];

/** The write's answer to "what about the bookings on these days?" (absent: not asked yet). */
export const coveredChoiceField = z.optional(z.enum(COVERED_CHOICES, { error: MESSAGES.invalidValue }));

/** One booking (or reservation) a closure would cover, as the dry run answers it. */
export const coveredBookingAnswer = z.object({
  id: z.string(),
  /** The customer's or the guest's name. */
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Whether they left an email address ('notify' can only reach those who did). */
  hasEmail: z.boolean(),
});
export type CoveredBooking = z.output<typeof coveredBookingAnswer>;

export const coveredAnswer = z.object({ affected: z.array(coveredBookingAnswer) });

/**
 * A booking or reservation a closure would cover, as the server reads it (the bookings' and the
 * reservations' watchers both answer it), and its answer on the wire.
 */
export interface CoveredTime {
  id: string;
  name: string;
  /** Empty when they left none. */
  email: string;
  startsAt: Date;
  endsAt: Date;
}

export const coveredView = (b: CoveredTime): CoveredBooking => ({
  id: b.id,
  name: b.name,
  startsAt: b.startsAt.toISOString(),
  endsAt: b.endsAt.toISOString(),
  hasEmail: b.email.length > 0,
});

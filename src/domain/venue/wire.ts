/**
 * The venue area's answers, written once: the venue routes (server/modules/venue) answer
 * through these schemas and the screens (the venue picker, the schedule) read their output types.
 */
import * as z from 'zod/mini';

/** One of the caller's venues, as the header's picker lists it. */
export const venueChoiceAnswer = z.object({ id: z.string(), name: z.string() });
export type VenueChoice = z.output<typeof venueChoiceAnswer>;
export const venueChoicesAnswer = z.array(venueChoiceAnswer);

/** Minutes after midnight, in the business's time zone. */
const minutes = z.int();

export const weeklyHoursAnswer = z.object({ weekday: z.int(), opensAt: minutes, closesAt: minutes });

export const specialDateAnswer = z.object({
  id: z.string(),
  date: z.string(),
  closed: z.boolean(),
  opensAt: z.nullable(minutes),
  closesAt: z.nullable(minutes),
  note: z.string(),
});

/** A venue's weekly hours and upcoming special dates, in the business's time zone. */
export const scheduleAnswer = z.object({
  timeZone: z.string(),
  hours: z.array(weeklyHoursAnswer),
  specialDates: z.array(specialDateAnswer),
});
export type Schedule = z.output<typeof scheduleAnswer>;

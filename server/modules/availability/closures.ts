/**
 * What an exception does to the bookings already on its days (src/domain/closures.ts: the dry
 * run, and the write's `affected` answer). The bookings are the bookings module's, which uses
 * this module (its open slots, its lock), so it hands its reader and its mail in here through
 * `watchClosures` from its plugin rather than this module importing it (no import circle).
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import type { FastifyInstance } from 'fastify';
import { openIntervals } from '../../../src/domain/availability/open-intervals';
import type { ClockRange } from '../../../src/domain/availability/rules';
import type { CoveredTime } from '../../../src/domain/closures';
import { addDays, zonedTimeToInstant } from '../../../src/domain/venue/opening-hours';
import type { DbOrTx } from '../../db/client';
import { toRange } from './convert';
import type { MinuteRange } from './tables';

/** An exception's days and what they become. */
export interface ClosureSpan {
  startDate: string;
  endDate: string;
  closed: boolean;
  hours: ClockRange[];
  note: string;
}

/** The span of an exception as stored (its hours in minutes). */
export const spanOf = (input: Omit<ClosureSpan, 'hours'> & { hours: MinuteRange[] }): ClosureSpan => ({
  ...input,
  hours: input.hours.map(toRange),
});

/** One booking of the business, as the owner of bookings reads it (src/domain/closures.ts). */
export type BookedTime = CoveredTime;

export interface ClosureWatcher {
  /** The business's bookings still holding their time that overlap [from, to) and end after `now`. */
  booked(db: DbOrTx, businessId: string, from: Date, to: Date, now: Date): Promise<BookedTime[]>;
  /** Tells each of them (who left an address) what the days became, in the language of the owner's page. */
  notify(
    app: FastifyInstance,
    businessId: string,
    span: ClosureSpan,
    covered: readonly BookedTime[],
    locale: PlatformMailLocale,
  ): Promise<void>;
}

let watcher: ClosureWatcher | null = null;

/** Called once by the bookings module's plugin. */
export function watchClosures(w: ClosureWatcher) {
  watcher = w;
}

/** The bookings the span would cover: on its days, still to come, and outside the hours the days would have. */
export async function coveredBy(
  db: DbOrTx,
  businessId: string,
  timeZone: string,
  stored: Parameters<typeof spanOf>[0],
  now: number,
): Promise<BookedTime[]> {
  const span = spanOf(stored);
  if (!watcher) return [];
  const from = new Date(zonedTimeToInstant(span.startDate, 0, timeZone));
  const to = new Date(zonedTimeToInstant(addDays(span.endDate, 1), 0, timeZone));
  const booked = await watcher.booked(db, businessId, from, to, new Date(now));
  const open = span.closed ? [] : openIntervals(timeZone, [], [span], span.startDate, span.endDate);
  const fits = (b: BookedTime) => open.some((i) => i.start <= b.startsAt.getTime() && b.endsAt.getTime() <= i.end);
  return booked.filter((b) => !fits(b));
}

export async function notifyCovered(
  app: FastifyInstance,
  businessId: string,
  span: ClosureSpan,
  covered: readonly BookedTime[],
  locale: PlatformMailLocale,
) {
  if (watcher && covered.length) await watcher.notify(app, businessId, span, covered, locale);
}

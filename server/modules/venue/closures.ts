/**
 * What a special date does to the reservations already on its night (src/domain/closures.ts: the
 * dry run, and the write's `affected` answer). Reservations are the reservations module's, which
 * uses this module (schedules, venue events), so it hands its reader and its mail in here
 * through `watchSpecialDates` from its plugin rather than this module importing it.
 */
import type { FastifyInstance } from 'fastify';
import type { CoveredTime } from '../../../src/domain/closures';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import {
  addDays,
  nightCovering,
  zonedTimeToInstant,
  type SpecialDate,
  type WeeklyHours,
} from '../../../src/domain/venue/opening-hours';
import type { DbOrTx } from '../../db/client';
import type { VenueRow } from './venues';

/** One reservation at the venue, as the owner of reservations reads it (src/domain/closures.ts). */
export type HeldTime = CoveredTime;

export interface SpecialDateWatcher {
  /**
   * The venue's reservations still holding their tables that overlap [from, to) and end after
   * `now`. Inside a transaction it first takes the venue's reservation lock, so no reservation
   * is booked between this read and the special date's commit.
   */
  held(db: DbOrTx, venue: VenueRow, from: Date, to: Date, now: Date): Promise<HeldTime[]>;
  /** Tells each of them (who left an address) what the night became, in the language of the owner's page. */
  notify(
    app: FastifyInstance,
    venue: VenueRow,
    special: SpecialDate & { note: string },
    covered: readonly HeldTime[],
    locale: PlatformMailLocale,
  ): Promise<void>;
}

let watcher: SpecialDateWatcher | null = null;

/** Called once by the reservations module's plugin. */
export function watchSpecialDates(w: SpecialDateWatcher) {
  watcher = w;
}

/**
 * The reservations the special date would cover: those the current hours hold and the new ones
 * would not (a night passing midnight is the date's, so the span runs to the second morning).
 */
export async function coveredBySpecial(
  db: DbOrTx,
  venue: VenueRow,
  schedule: { hours: readonly WeeklyHours[]; specialDates: readonly SpecialDate[] },
  special: SpecialDate,
  now: number,
): Promise<HeldTime[]> {
  if (!watcher) return [];
  const from = new Date(zonedTimeToInstant(special.date, 0, venue.timeZone));
  const to = new Date(zonedTimeToInstant(addDays(special.date, 2), 0, venue.timeZone));
  const held = await watcher.held(db, venue, from, to, new Date(now));
  const before = schedule.specialDates.filter((s) => s.date !== special.date);
  const after = [...before, special];
  const fits = (specials: readonly SpecialDate[], r: HeldTime) =>
    nightCovering(schedule.hours, specials, venue.timeZone, r.startsAt.getTime(), r.endsAt.getTime()) !== null;
  return held.filter((r) => fits(before, r) && !fits(after, r));
}

export async function notifyCoveredGuests(
  app: FastifyInstance,
  venue: VenueRow,
  special: SpecialDate & { note: string },
  covered: readonly HeldTime[],
  locale: PlatformMailLocale,
) {
  if (watcher && covered.length) await watcher.notify(app, venue, special, covered, locale);
}

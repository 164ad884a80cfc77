/**
 * The reservations module's part in a venue's special dates (src/domain/closures.ts): it reads
 * the reservations a closed night or other hours would cover, under the venue's reservation lock,
 * and mails their guests when the owner chose to tell them. The reservation itself is left as it
 * is: the venue moves or cancels it on the reservations screen (which mails the guest again).
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../../../src/domain/reservations/reservation';
import { minutesToClock } from '../../../src/domain/venue/opening-hours';
import { reservations } from '../../db/schema';
import type { SpecialDateWatcher } from '../venue';

const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

const clockText = (minutes: number) => {
  const [h, m] = minutesToClock(minutes).split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

export const reservationClosureWatcher: SpecialDateWatcher = {
  async held(db, venue, from, to, now) {
    // The same lock as every reservation write (reservation-service.ts, lockVenue): inside the
    // special date's transaction no reservation is booked between this read and its commit.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'reservations:' + venue.id}))`);
    return db
      .select({
        id: reservations.id,
        name: reservations.guestName,
        email: reservations.guestEmail,
        startsAt: reservations.startsAt,
        endsAt: reservations.endsAt,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.venueId, venue.id),
          inArray(reservations.status, [...HOLDING_STATUSES]),
          lt(reservations.startsAt, to),
          gt(reservations.endsAt, from),
          gt(reservations.endsAt, now),
        ),
      )
      .orderBy(asc(reservations.startsAt));
  },

  async notify(app, venue, special, covered) {
    const night = `the night of ${dayText(special.date)}`;
    const change =
      special.closed || special.opensAt === null || special.closesAt === null
        ? `${venue.name} is closed on ${night}`
        : `${venue.name} is open only ${clockText(special.opensAt)} – ${clockText(special.closesAt)} on ${night}`;
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: venue.timeZone,
      weekday: 'long',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    for (const r of covered) {
      if (!r.email) continue;
      await app.ctx.mail.send({
        businessId: venue.businessId,
        to: r.email,
        subject: `${venue.name} has changed its hours for your reservation`,
        text: [
          `Hello ${r.name},`,
          '',
          `${change}${special.note ? ` (${special.note})` : ''}.`,
          `Your reservation on ${when.format(r.startsAt)} falls outside those hours.`,
          '',
          'The venue will be in touch to find you a new time; you can also reply to this mail.',
        ].join('\n'),
      });
    }
  },
};

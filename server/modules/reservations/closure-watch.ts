/**
 * The reservations module's part in a venue's special dates (src/domain/closures.ts): it reads
 * the reservations a closed night or other hours would cover, under the venue's reservation lock,
 * and mails their guests when the owner chose to tell them ('reservation-hours-changed', a platform
 * template in the language of the owner's page). The reservation itself is left as it
 * is: the venue moves or cancels it on the reservations screen (which mails the guest again).
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../../../src/domain/reservations/reservation';
import { hoursChangeText } from '../../../src/domain/email-templates/hours-change';
import { mailWhen } from '../../../src/domain/email-templates/mail-time';
import { minutesToClock } from '../../../src/domain/venue/opening-hours';
import { reservations } from '../../db/schema';
import { renderPlatformMail } from '../email-templates';
import type { SpecialDateWatcher } from '../venue';

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

  async notify(app, venue, special, covered, locale) {
    const closed = special.closed || special.opensAt === null || special.closesAt === null;
    const change = hoursChangeText(
      {
        startDate: special.date,
        endDate: special.date,
        closed,
        hours: closed ? [] : [{ start: minutesToClock(special.opensAt!), end: minutesToClock(special.closesAt!) }],
        note: special.note,
        night: true,
      },
      locale,
    );
    for (const r of covered) {
      if (!r.email) continue;
      const mail = await renderPlatformMail(app, 'reservation-hours-changed', locale, {
        'guest.name': r.name,
        'venue.name': venue.name,
        'reservation.when': mailWhen(r.startsAt, venue.timeZone, locale, { zone: false }),
        'hours.change': change,
      });
      await app.ctx.mail.send({ businessId: venue.businessId, to: r.email, ...mail });
    }
  },
};

/**
 * The bookings module's part in closing days (src/domain/closures.ts): it reads the bookings an
 * availability exception would cover, and mails their customers when the business chose to tell
 * them ('booking-hours-changed', a platform template in the language of the owner's page). The
 * booking itself is left as it is: the business moves or cancels it in the calendar (which mails
 * the customer again, with the calendar file).
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClosureWatcher } from '../availability';
import { hoursChangeText } from '../../../src/domain/email-templates/hours-change';
import { mailWhen } from '../../../src/domain/email-templates/mail-time';
import { businesses } from '../../db/schema';
import { renderPlatformMail } from '../email-templates';
import { bookings } from './tables';

export const bookingClosureWatcher: ClosureWatcher = {
  async booked(db, businessId, from, to, now) {
    const rows = await db
      .select({
        id: bookings.id,
        name: bookings.customerName,
        email: bookings.customerEmail,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.businessId, businessId),
          eq(bookings.status, 'confirmed'),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
          gt(bookings.endsAt, now),
        ),
      )
      .orderBy(asc(bookings.startsAt));
    return rows;
  },

  async notify(app: FastifyInstance, businessId, span, covered, locale) {
    const [business] = await app.ctx.database.db
      .select({ name: businesses.companyName, timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    if (!business) return;
    const change = hoursChangeText(span, locale);
    for (const booking of covered) {
      if (!booking.email) continue;
      const mail = await renderPlatformMail(app, 'booking-hours-changed', locale, {
        'contact.name': booking.name,
        'business.name': business.name,
        'booking.when': mailWhen(booking.startsAt, business.timeZone, locale),
        'hours.change': change,
      });
      await app.ctx.mail.send({ businessId, to: booking.email, ...mail });
    }
  },
};

/**
 * The bookings module's part in closing days (src/domain/closures.ts): it reads the bookings an
 * availability exception would cover, and mails their customers when the business chose to tell
 * them. The booking itself is left as it is: the business moves or cancels it in the calendar
 * (which mails the customer again, with the calendar file).
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClosureSpan, ClosureWatcher } from '../availability';
import { businesses } from '../../db/schema';
import { bookings } from './tables';

const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

const clockText = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** "closed on Friday, 12/25/2026" or "open only 10:00 AM – 2:00 PM on …", with the note when there is one. */
export function spanText(span: ClosureSpan) {
  const days =
    span.startDate === span.endDate
      ? `on ${dayText(span.startDate)}`
      : `from ${dayText(span.startDate)} to ${dayText(span.endDate)}`;
  const what = span.closed
    ? `closed ${days}`
    : `open only ${span.hours.map((h) => `${clockText(h.start)} – ${clockText(h.end)}`).join(', ')} ${days}`;
  return span.note ? `${what} (${span.note})` : what;
}

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

  async notify(app: FastifyInstance, businessId, span, covered) {
    const [business] = await app.ctx.database.db
      .select({ name: businesses.companyName, timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    if (!business) return;
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: business.timeZone,
      weekday: 'long',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    for (const booking of covered) {
      if (!booking.email) continue;
      await app.ctx.mail.send({
        businessId,
        to: booking.email,
        subject: `${business.name} has changed its hours for your booking`,
        text: [
          `Hello ${booking.name},`,
          '',
          `${business.name} will be ${spanText(span)}.`,
          `Your booking on ${when.format(booking.startsAt)} falls outside those hours.`,
          '',
          'We will be in touch to find you a new time; you can also reply to this mail.',
          '',
          business.name,
        ].join('\n'),
      });
    }
  },
};

/**
 * The customer's mail for a booking, when it has an email: booked, moved, or cancelled, each
 * with the .ics (ics.ts) their calendar reads — REQUEST with SEQUENCE 0 when booked, the same UID
 * with the booking's next SEQUENCE when moved, METHOD:CANCEL when cancelled. Times in the text
 * read the business's clock (MM/DD/YYYY, its zone named), wherever the customer is; the .ics
 * carries UTC instants, which their calendar shows in their own zone.
 * The mail is English: the customer has no language setting in this app. The confirmation is the
 * platform's 'booking' template (email-templates' renderPlatformMail), which an administrator may
 * restyle; a move and a cancellation are still written here.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businesses } from '../../db/schema';
import { renderPlatformMail } from '../email-templates';
import type { BookingChange } from './announce';
import type { Booking } from './booking-service';
import { bookingIcs } from './ics';

const whenAt = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);

/** The mail's From address, e.g. 'Back Office <no-reply@…>' → no-reply@… (the ORGANIZER's mailto). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

const SUBJECT: Record<BookingChange, (what: string, business: string) => string> = {
  created: (what, business) => `Booking confirmed: ${what} with ${business}`,
  rescheduled: (what, business) => `Booking moved: ${what} with ${business}`,
  cancelled: (what, business) => `Booking cancelled: ${what} with ${business}`,
};

export async function mailCustomer(app: FastifyInstance, booking: Booking, change: BookingChange) {
  if (!booking.customerEmail) return;
  const [business] = await app.ctx.database.db
    .select({
      name: businesses.companyName,
      timeZone: businesses.timeZone,
      street: businesses.street,
      city: businesses.city,
      state: businesses.state,
      zipCode: businesses.zipCode,
    })
    .from(businesses)
    .where(eq(businesses.id, booking.businessId));
  if (!business) return;
  const what = booking.productName ?? 'Appointment';
  const location = [business.street, business.city, [business.state, business.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const when = `${whenAt(booking.startsAt, business.timeZone)} – ${whenAt(booking.endsAt, business.timeZone)}`;
  const lines =
    change === 'cancelled'
      ? [`Your booking for ${what} on ${when} has been cancelled.`, '', 'If this is a surprise, please contact us.']
      : [
          change === 'created' ? `Your booking is confirmed: ${what}.` : `Your booking for ${what} has been moved.`,
          '',
          `When: ${when}`,
          ...(location ? [`Where: ${location}`] : []),
          '',
          'The attached calendar file adds it to your calendar.',
        ];
  const ics = bookingIcs({
    uid: `booking-${booking.id}@backoffice`,
    sequence: booking.sequence,
    method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    start: booking.startsAt.getTime(),
    end: booking.endsAt.getTime(),
    stamp: app.ctx.now(),
    summary: `${what} – ${business.name}`,
    description: booking.notes || undefined,
    location: location || undefined,
    organizer: { name: business.name, email: addressOf(app.ctx.config.mailFrom) },
    attendee: { name: booking.customerName, email: booking.customerEmail },
  });
  const mail =
    change === 'created'
      ? await renderPlatformMail(app, 'booking', 'en', {
          'contact.name': booking.customerName,
          'contact.email': booking.customerEmail,
          'business.name': business.name,
          'booking.service': what,
          'booking.when': when,
          'booking.location': location,
        })
      : {
          subject: SUBJECT[change](what, business.name),
          text: [`Hello ${booking.customerName},`, '', ...lines, '', business.name].join('\n'),
        };
  await app.ctx.mail.send({
    businessId: booking.businessId,
    to: booking.customerEmail,
    ...mail,
    attachments: [
      {
        filename: change === 'cancelled' ? 'booking-cancelled.ics' : 'booking.ics',
        contentType: `text/calendar; charset=utf-8; method=${change === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
        content: Buffer.from(ics, 'utf8'),
      },
    ],
  });
}

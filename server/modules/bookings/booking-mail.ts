/**
 * The customer's mail for a booking, when it has an email: booked, moved, or cancelled, each
 * with the .ics (ics.ts) their calendar reads — REQUEST with SEQUENCE 0 when booked, the same UID
 * with the booking's next SEQUENCE when moved, METHOD:CANCEL when cancelled. Times in the text
 * read the business's clock (MM/DD/YYYY h:mm A, its zone named), wherever the customer is; the
 * .ics carries UTC instants, which their calendar shows in their own zone, and names as organizer
 * the From the mail really goes out with (the mail adapter's fromFor).
 * A customer has no account: the mail is in the language of the page the booking was made or
 * changed from (a quote's customer accepts on the quote's page), English otherwise. Each of the
 * three is a platform template ('booking', 'booking-moved', 'booking-cancelled') an administrator
 * may restyle.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformMailKind, PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { mailWhen } from '../../../src/domain/email-templates/mail-time';
import { businesses } from '../../db/schema';
import { tableOf } from '../../resources/tables';
import { renderPlatformMail } from '../email-templates';
import type { Booking } from './booking-service';
import { bookingIcs } from './ics';

/** What happened to a booking, announced to its customer (announce.ts) and mailed here. */
export type BookingChange = 'created' | 'rescheduled' | 'cancelled';

const KIND: Record<BookingChange, PlatformMailKind> = {
  created: 'booking',
  rescheduled: 'booking-moved',
  cancelled: 'booking-cancelled',
};

/**
 * What the booking is, as the screens name it: its product; a move for the booking a customer's
 * accepted quote made ("Your move is booked", the quote's page); otherwise an appointment.
 */
const UNNAMED = {
  move: { en: 'Move', es: 'Mudanza' },
  appointment: { en: 'Appointment', es: 'Cita' },
} as const;

async function whatOf(app: FastifyInstance, booking: Booking, locale: PlatformMailLocale): Promise<string> {
  if (booking.productName) return booking.productName;
  const quotes = tableOf('quotes');
  const [quote] = await app.ctx.database.db
    .select({ number: quotes.number! })
    .from(quotes)
    .where(eq(quotes.bookingId!, booking.id))
    .limit(1);
  if (!quote) return UNNAMED.appointment[locale];
  return `${UNNAMED.move[locale]} (${locale === 'es' ? 'presupuesto' : 'quote'} ${String(quote.number)})`;
}

export async function mailCustomer(
  app: FastifyInstance,
  booking: Booking,
  change: BookingChange,
  locale: PlatformMailLocale,
) {
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
  const what = await whatOf(app, booking, locale);
  const location = [business.street, business.city, [business.state, business.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const when = `${mailWhen(booking.startsAt, business.timeZone, locale)} – ${mailWhen(booking.endsAt, business.timeZone, locale)}`;
  const fromAddress = await app.ctx.mail.fromFor(booking.businessId);
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
    organizer: { name: business.name, email: fromAddress },
    attendee: { name: booking.customerName, email: booking.customerEmail },
  });
  const mail = await renderPlatformMail(app, KIND[change], locale, {
    'contact.name': booking.customerName,
    'contact.email': booking.customerEmail,
    'business.name': business.name,
    'booking.service': what,
    'booking.when': when,
    'booking.location': location,
  });
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

/**
 * What others hear of a booking write, once it has committed: the business's open calendars
 * refresh (the live hub; screens re-read through the API, which checks access again) and the
 * customer gets a mail with an .ics when the booking has an email (booking-mail.ts). Nothing here
 * fails the write: a mail that cannot be queued is logged.
 * A caller that booked inside its own transaction (quotes) calls this after its commit.
 */
import type { FastifyInstance } from 'fastify';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { BOOKING_ROLES, BOOKINGS_LIVE_RESOURCE } from '../../../src/domain/bookings/api';
import type { RecordAction } from '../../hub/types';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { mailCustomer, type BookingChange } from './booking-mail';
import type { Booking } from './booking-service';

const bookingsLive = registerLiveResource({
  name: BOOKINGS_LIVE_RESOURCE,
  tenant: true,
  access: { list: BOOKING_ROLES, show: BOOKING_ROLES },
});

const ACTION: Record<BookingChange, RecordAction> = {
  created: 'created',
  rescheduled: 'updated',
  cancelled: 'updated',
};

/** `locale`: the language of the page the change was made from, the customer's mail's (else English). */
export async function announceBooking(
  app: FastifyInstance,
  booking: Booking,
  change: BookingChange,
  locale: PlatformMailLocale = 'en',
) {
  await publishRecordChanges(app, bookingsLive, ACTION[change], new Map([[booking.businessId, [booking.id]]]));
  try {
    await mailCustomer(app, booking, change, locale);
  } catch (err) {
    app.log.warn({ err, bookingId: booking.id }, 'the booking mail could not be queued');
  }
}

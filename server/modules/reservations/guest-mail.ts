/**
 * The mails a reservation's guest gets, when they left an address: the pass when it is booked,
 * the new details when the venue changes the time, the party or the tables (the pass stays the
 * same), and a word when it is cancelled. Times read the venue's clock (MM/DD/YYYY h:mm A),
 * wherever the guest is. A status step at the venue (seated, paid, no-show) mails nothing. Each
 * is a platform template ('reservation', 'reservation-changed', 'reservation-cancelled') an
 * administrator may restyle, in the language of the page the change was made from (a guest has
 * no account), English without one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformMailKind } from '../../../src/domain/email-templates/kinds';
import { mailWhen } from '../../../src/domain/email-templates/mail-time';
import { formatPassCode } from '../../../src/domain/reservations/pass-code';
import { renderPlatformMail, requestLocale } from '../email-templates';
import type { VenueRow } from '../venue';
import { passLink } from './door-pass';
import type { ReservationWithTables } from './queries';

export type GuestMail = 'booked' | 'changed' | 'cancelled';

const KIND: Record<GuestMail, PlatformMailKind> = {
  booked: 'reservation',
  changed: 'reservation-changed',
  cancelled: 'reservation-cancelled',
};

/** Whether an edit changed what the guest was told (notes and the phone are the venue's business). */
export function guestShouldHear(before: ReservationWithTables, after: ReservationWithTables): boolean {
  return (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.partySize !== after.partySize ||
    before.guestEmail !== after.guestEmail ||
    before.tableIds.join() !== after.tableIds.join()
  );
}

export async function mailGuest(
  app: FastifyInstance,
  kind: GuestMail,
  venue: VenueRow,
  reservation: ReservationWithTables,
  names: ReadonlyMap<string, string>,
  request: FastifyRequest | null,
) {
  if (!reservation.guestEmail) return;
  const locale = requestLocale(request);
  // A cancelled pass opens nothing: its mail carries no link.
  const link =
    kind === 'cancelled' ? '' : await passLink(app, request, { kind: 'reservation', code: reservation.code });
  const mail = await renderPlatformMail(app, KIND[kind], locale, {
    'guest.name': reservation.guestName,
    'venue.name': venue.name,
    'reservation.partySize': String(reservation.partySize),
    'reservation.when': mailWhen(reservation.startsAt, venue.timeZone, locale, { zone: false }),
    'reservation.tables': reservation.tableIds.map((id) => names.get(id) ?? id).join(', '),
    'reservation.passCode': formatPassCode(reservation.code),
    'reservation.link': link,
  });
  await app.ctx.mail.send({ businessId: venue.businessId, to: reservation.guestEmail, ...mail });
}

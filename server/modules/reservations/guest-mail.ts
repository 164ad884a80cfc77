/**
 * The mails a reservation's guest gets, when they left an address: the pass when it is booked,
 * the new details when the venue changes the time, the party or the tables (the pass stays the
 * same), and a word when it is cancelled. Times read the venue's clock, wherever the guest is.
 * A status step at the venue (seated, paid, no-show) mails nothing. The booked one is the
 * platform's 'reservation' template (email-templates' renderPlatformMail), which an administrator
 * may restyle.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatPassCode } from '../../../src/domain/reservations/pass-code';
import { renderPlatformMail } from '../email-templates';
import type { VenueRow } from '../venue';
import { passLink } from './door-pass';
import type { ReservationWithTables } from './queries';

export type GuestMail = 'booked' | 'changed' | 'cancelled';

const whenAt = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);

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
  const when = whenAt(reservation.startsAt, venue.timeZone);
  const tables = reservation.tableIds.map((id) => names.get(id) ?? id).join(', ');
  const hello = `Hello ${reservation.guestName},`;
  if (kind === 'cancelled') {
    await app.ctx.mail.send({
      businessId: venue.businessId,
      to: reservation.guestEmail,
      subject: `Your reservation at ${venue.name} is cancelled`,
      text: [
        hello,
        '',
        `Your reservation at ${venue.name} for ${reservation.partySize} on ${when} has been cancelled, and its pass no longer opens the door.`,
        '',
        'If this is a surprise, please contact the venue.',
      ].join('\n'),
    });
    return;
  }
  const link = await passLink(app, request, { kind: 'reservation', code: reservation.code });
  if (kind === 'booked') {
    // The platform's 'reservation' template, in English: a guest has no language setting here.
    const mail = await renderPlatformMail(app, 'reservation', 'en', {
      'guest.name': reservation.guestName,
      'venue.name': venue.name,
      'reservation.partySize': String(reservation.partySize),
      'reservation.when': when,
      'reservation.tables': tables,
      'reservation.passCode': formatPassCode(reservation.code),
      'reservation.link': link,
    });
    await app.ctx.mail.send({ businessId: venue.businessId, to: reservation.guestEmail, ...mail });
    return;
  }
  await app.ctx.mail.send({
    businessId: venue.businessId,
    to: reservation.guestEmail,
    subject: `Your reservation at ${venue.name} has changed`,
    text: [
      hello,
      '',
      `Your reservation at ${venue.name} has changed. It is now for ${reservation.partySize} on ${when} (table ${tables}).`,
      '',
      `Your pass stays the same: ${formatPassCode(reservation.code)}`,
      `Show this pass at the door: ${link}`,
      '',
      'See you soon.',
    ].join('\n'),
  });
}

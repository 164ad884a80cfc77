/**
 * What others hear of a committed reservation write: open screens refresh (the live hub), venue
 * event listeners (webhooks) get the facts without the pass code, and the guest gets the mail the
 * write calls for (guest-mail.ts). None of it can fail the write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESERVATIONS_RESOURCE } from '../../../src/domain/reservations/api';
import type { PlanTable } from '../../../src/domain/reservations/reservation';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { emitVenueEvent } from '../venue/venue-events';
import type { VenueRow } from '../venue/venues';
import { mailGuest, type GuestMail } from './guest-mail';
import type { ReservationWithTables } from './queries';

export const reservationsLive = registerLiveResource({
  name: RESERVATIONS_RESOURCE,
  tenant: true,
  privilege: 'reservations',
  access: { list: ['CLUBOWNER', MEMBER_ROLE], show: ['CLUBOWNER', MEMBER_ROLE] },
});

const EVENT_TYPE = {
  created: 'reservation.created',
  changed: 'reservation.changed',
  cancelled: 'reservation.cancelled',
} as const;

export async function announce(
  app: FastifyInstance,
  venue: VenueRow,
  reservation: ReservationWithTables,
  what: keyof typeof EVENT_TYPE,
  context: { tables: PlanTable[] | null; request: FastifyRequest | null; mail?: GuestMail },
) {
  await publishRecordChanges(
    app,
    reservationsLive,
    what === 'created' ? 'created' : 'updated',
    new Map([[venue.businessId, [reservation.id]]]),
  );
  const names = new Map((context.tables ?? []).map((t) => [t.id, t.name]));
  await emitVenueEvent(app, {
    type: EVENT_TYPE[what],
    businessId: venue.businessId,
    data: {
      id: reservation.id,
      venueId: venue.id,
      guestName: reservation.guestName,
      partySize: reservation.partySize,
      startsAt: reservation.startsAt.toISOString(),
      endsAt: reservation.endsAt.toISOString(),
      tables: reservation.tableIds.map((id) => ({ id, name: names.get(id) ?? id })),
      status: reservation.status,
    },
  });
  if (!context.mail) return;
  try {
    await mailGuest(app, context.mail, venue, reservation, names, context.request);
  } catch (err) {
    app.log.warn({ err, reservationId: reservation.id }, 'could not mail the reservation guest');
  }
}

/**
 * What others hear of a reservation write: venue event listeners (webhooks) get the facts without
 * the pass code in the write's transaction (`reservationEvent`); once it has committed, open
 * screens refresh (the live hub) and the guest gets the mail the write calls for (guest-mail.ts).
 * Nothing after the commit can fail the write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESERVATIONS_RESOURCE } from '../../../src/domain/reservations/api';
import type { PlanTable } from '../../../src/domain/reservations/reservation';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { runAfterCommit, type AfterCommit, type VenueRow } from '../venue';
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

/** The venue event of a reservation write (no pass code), recorded in the write's transaction. */
export function reservationEvent(
  venue: VenueRow,
  reservation: ReservationWithTables,
  what: keyof typeof EVENT_TYPE,
  tables: readonly PlanTable[] | null,
) {
  const names = new Map((tables ?? []).map((t) => [t.id, t.name]));
  return {
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
  };
}

/** After the write has committed: open screens refresh, event listeners finish, the guest is mailed. */
export async function announce(
  app: FastifyInstance,
  venue: VenueRow,
  reservation: ReservationWithTables,
  what: keyof typeof EVENT_TYPE,
  context: { tables: PlanTable[] | null; request: FastifyRequest | null; mail?: GuestMail; after: AfterCommit[] },
) {
  await publishRecordChanges(
    app,
    reservationsLive,
    what === 'created' ? 'created' : 'updated',
    new Map([[venue.businessId, [reservation.id]]]),
  );
  await runAfterCommit(app, context.after);
  if (!context.mail) return;
  const names = new Map((context.tables ?? []).map((t) => [t.id, t.name]));
  try {
    await mailGuest(app, context.mail, venue, reservation, names, context.request);
  } catch (err) {
    app.log.warn({ err, reservationId: reservation.id }, 'could not mail the reservation guest');
  }
}

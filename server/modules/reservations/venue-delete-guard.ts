/**
 * A venue with bookings still to come is not deleted: its reservations would vanish with it
 * (they cascade) while guests hold passes for them. Past and cancelled ones do not hold it back.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { formatMessage } from '../../../src/domain/messages';
import { HOLDING_STATUSES } from '../../../src/domain/reservations/reservation';
import { reservations } from '../../db/schema';
import type { DeleteGuard } from '../../resources/delete-guards';

export const venueWithUpcomingReservations: DeleteGuard = async (app: FastifyInstance, venue) => {
  const [found] = await app.ctx.database.db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, String(venue.id)),
        gt(reservations.endsAt, new Date(app.ctx.now())),
        inArray(reservations.status, [...HOLDING_STATUSES]),
      ),
    );
  const n = found?.n ?? 0;
  return n > 0 ? formatMessage('venueHasReservations', { count: n }) : null;
};

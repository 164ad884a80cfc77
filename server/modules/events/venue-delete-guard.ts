/**
 * A venue with events still to come is not deleted: the events and their tickets would vanish
 * with it (they cascade) and no guest would be told. Cancelling an event tells them.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, eq, gt } from 'drizzle-orm';
import { formatMessage } from '../../../src/domain/messages';
import { events } from '../../db/schema';
import type { DeleteGuard } from '../../resources/delete-guards';

export const venueWithUpcomingEvents: DeleteGuard = async (app: FastifyInstance, venue) => {
  const [found] = await app.ctx.database.db
    .select({ n: count() })
    .from(events)
    .where(
      and(
        eq(events.venueId, String(venue.id)),
        gt(events.endsAt, new Date(app.ctx.now())),
        eq(events.status, 'scheduled'),
      ),
    );
  const n = found?.n ?? 0;
  return n > 0 ? formatMessage('venueHasEvents', { count: n }) : null;
};

/** Reservations: the venue's bookings, availability and the floor plan's live table states. */
import type { FastifyInstance } from 'fastify';
import { registerDeleteGuard } from '../../resources/delete-guards';
import { watchSpecialDates } from '../venue';
import { reservationClosureWatcher } from './closure-watch';
import { NightCache } from './night-cache';
import reservationRoutes from './reservation-routes';
import { venueWithUpcomingReservations } from './venue-delete-guard';

export default async function reservationsModule(app: FastifyInstance) {
  registerDeleteGuard('venues', venueWithUpcomingReservations);
  watchSpecialDates(reservationClosureWatcher);
  const nights = new NightCache(app.ctx.database.db, app.ctx.now);
  await nights.keepHonest(app);
  await app.register(reservationRoutes, { nights });
}

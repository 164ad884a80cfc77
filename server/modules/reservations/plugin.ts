/** Reservations: the venue's bookings, availability and the floor plan's live table states. */
import type { FastifyInstance } from 'fastify';
import { registerDeleteGuard } from '../../resources/delete-guards';
import reservationRoutes from './reservation-routes';
import { venueWithUpcomingReservations } from './venue-delete-guard';

export default async function reservationsModule(app: FastifyInstance) {
  registerDeleteGuard('venues', venueWithUpcomingReservations);
  await app.register(reservationRoutes);
}

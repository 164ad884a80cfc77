/** Bookings: a business's calendar of booked times (calendar_management, USER and MOVER). */
import type { FastifyInstance } from 'fastify';
import { watchClosures } from '../availability';
import bookingRoutes from './booking-routes';
import { bookingClosureWatcher } from './closure-watch';
import { keepFreeSlotsHonest } from './free-slots';

export default async function bookingsModule(app: FastifyInstance) {
  watchClosures(bookingClosureWatcher);
  await keepFreeSlotsHonest(app);
  await app.register(bookingRoutes);
}

/** Bookings: a business's calendar of booked times (calendar_management, USER and MOVER). */
import type { FastifyInstance } from 'fastify';
import bookingRoutes from './booking-routes';
import { keepFreeSlotsHonest } from './free-slots';

export default async function bookingsModule(app: FastifyInstance) {
  await keepFreeSlotsHonest(app);
  await app.register(bookingRoutes);
}

/** Bookings: a business's calendar of booked times (calendar_management, USER and MOVER). */
import type { FastifyInstance } from 'fastify';
import bookingRoutes from './booking-routes';

export default async function bookingsModule(app: FastifyInstance) {
  await app.register(bookingRoutes);
}

/** Seating: each venue's floor plan (walls, tables, bars) and its versioned saves. */
import type { FastifyInstance } from 'fastify';
import layoutRoutes from './layout-routes';

export default async function seatingModule(app: FastifyInstance) {
  await app.register(layoutRoutes);
}

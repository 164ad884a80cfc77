/**
 * The catalogue (product_catalogue): the products and services themselves are a declared
 * resource (src/resources/products); this area serves the lookups their form's lists come from.
 */
import type { FastifyInstance } from 'fastify';
import lookupRoutes from './lookup-routes';

export default async function catalogueModule(app: FastifyInstance) {
  await app.register(lookupRoutes);
}

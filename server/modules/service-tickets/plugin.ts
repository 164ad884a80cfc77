/**
 * Service tickets (a fleet manager's ticket_management). The ticket itself is a declared
 * resource (src/resources/service-tickets: its API under /api/Business/service-tickets, status
 * rules, audit); this area adds its comments and attachments, and lists a customer's tickets
 * among the customer's contracted services.
 */
import type { FastifyInstance } from 'fastify';
import { registerRelatedSource } from '../../resources/related-lists';
import { customerServiceTickets } from './contracted-services';
import noteRoutes from './note-routes';

export default async function serviceTicketsModule(app: FastifyInstance) {
  registerRelatedSource('customers', 'contractedServices', customerServiceTickets);
  await app.register(noteRoutes);
}

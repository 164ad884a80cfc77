/**
 * The platform's support desk (product brief sections 1 and 2; docs/architecture.md).
 *
 * Reading of the product brief: `/api/Ticket`, which the path catalogue (section 7) names
 * without payloads, is the support desk API — every signed-in user's tickets with the platform
 * (`tickets`) and IT's desk (IT's `ticket_management`, plus the read-only business lookup of IT's
 * `business_management` under `/api/Business/lookup`). A fleet manager's service tickets (the
 * TRUCKER's `ticket_management`) are jobs for customers and live in their own area, not here.
 *
 * Replies from IT notify the opener (stored notification, live bell) and refresh their open
 * screens; a new ticket or a user's reply refreshes IT's desk (live.ts).
 */
import type { FastifyInstance } from 'fastify';
import attachmentRoutes from './attachment-routes';
import businessLookupRoutes from './business-lookup-routes';
import deskRoutes from './desk-routes';
import ticketRoutes from './ticket-routes';

export default async function supportModule(app: FastifyInstance) {
  await app.register(deskRoutes);
  await app.register(ticketRoutes);
  await app.register(attachmentRoutes);
  await app.register(businessLookupRoutes);
}

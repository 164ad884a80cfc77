/**
 * A customer's service tickets, as the customer's "contracted services" list
 * (src/resources/customers: related contractedServices; server/resources/related-lists.ts). The
 * registry holds several sources per list: delivery reports add theirs beside these.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { RelatedSource } from '../../resources/related-lists';
import { tableOf } from '../../resources/tables';
import { routeTo } from '../../../src/resources/route-rules';
import serviceTickets from '../../../src/resources/service-tickets/resource';

export const customerServiceTickets: RelatedSource = async (app, customer) => {
  const tickets = tableOf('serviceTickets');
  const rows = await app.ctx.database.db
    .select({ id: tickets.id!, title: tickets.title!, status: tickets.status!, date: tickets.scheduledDate! })
    .from(tickets)
    .where(and(eq(tickets.customer!, customer.id as string), eq(tickets.businessId!, customer.businessId as string)))
    .orderBy(desc(tickets.createdAt!));
  return rows.map((r) => ({
    id: r.id as string,
    kind: 'serviceTicket',
    title: r.title as string,
    status: (r.status as string) ?? null,
    date: (r.date as string | null) ?? null,
    link: routeTo(serviceTickets.routes.show, r.id as string),
  }));
};

import { defineResource } from '../../domain/resources/types';

const FLEET = ['TRUCKER'] as const;
const BASE = '/api/Business/customers';

/**
 * A fleet business's customers (customer_management): a company or a person, who to talk to,
 * and where invoices go. On the product brief's calls (section 7): POST; PUT with the id in the
 * body; GET list (page, perPage, query); DELETE with query customerId; GET contracted services
 * with query customerId (and GET /{id} for the show page).
 *
 * Contracted services are the customer's service tickets and delivery reports (product brief section 7). Those
 * areas are not built yet, so no source is registered (server/resources/related-lists.ts) and
 * the call answers the real state today: an empty list. When tickets and reports land, their
 * plugins call registerRelatedSource('customers', 'contractedServices', …) and the same call and
 * the customer's page list them, with no change here.
 */
export default defineResource({
  name: 'customers',
  table: { name: 'fleet_customers' },
  routes: {
    list: 'customer_management',
    create: 'customer_management/create',
    edit: 'customer_management/:id/edit',
    show: 'customer_management/:id',
  },
  api: {
    base: BASE,
    update: { method: 'PUT', path: BASE, id: 'body' },
    delete: { method: 'DELETE', path: BASE, id: 'query', idParam: 'customerId' },
  },
  access: { list: FLEET, show: FLEET, create: FLEET, update: FLEET, delete: FLEET },
  tenant: true,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    // Tickets and reports pick a customer by name: "Smith Logistics" and "smith logistics" are one (caseless).
    name: { type: 'string', required: true, min: 2, max: 120, unique: 'caseless', sortable: true, search: true },
    contactName: { type: 'string', max: 100, search: true },
    email: { type: 'email', max: 254, search: true },
    phone: { type: 'phone' },
    street: { type: 'string', max: 200, list: 'hidden' },
    city: { type: 'string', max: 100, sortable: true, search: true },
    state: { type: 'string', min: 2, max: 50, list: 'hidden' },
    zip: { type: 'zip', list: 'hidden' },
    notes: { type: 'text', max: 2000, list: false },
  },
  related: [{ key: 'contractedServices', path: `${BASE}/contracted-services`, idParam: 'customerId' }],
});

import { defineResource } from '../../domain/resources/types';

const FLEET = ['TRUCKER'] as const;
const BASE = '/api/Business/employees';

/** Days before a licence's expiry from which the list flags it ("Expires soon"). */
export const LICENCE_WARNING_DAYS = 30;

/**
 * A fleet business's employees (employee_management): drivers, dispatchers, mechanics. Not
 * accounts: they do not sign in (venue employees who do are the Team's). On the product brief's
 * calls (section 7): POST; PUT with the id in the body; GET list with page, perPage, query;
 * DELETE with query employeeId; GET /{id}. A licence that has expired or expires within
 * LICENCE_WARNING_DAYS is flagged (`_expiry.licenceExpiry`, src/domain/resources/expiry.ts).
 */
export default defineResource({
  name: 'employees',
  table: { name: 'fleet_employees' },
  routes: {
    list: 'employee_management',
    create: 'employee_management/create',
    edit: 'employee_management/:id/edit',
    show: 'employee_management/:id',
  },
  api: {
    base: BASE,
    update: { method: 'PUT', path: BASE, id: 'body' },
    delete: { method: 'DELETE', path: BASE, id: 'query', idParam: 'employeeId' },
  },
  access: { list: FLEET, show: FLEET, create: FLEET, update: FLEET, delete: FLEET },
  tenant: true,
  titleField: 'lastName',
  defaultSort: { field: 'lastName', order: 'asc' },
  fields: {
    lastName: { type: 'string', required: true, max: 100, sortable: true, search: true },
    firstName: { type: 'string', required: true, max: 100, sortable: true, search: true },
    email: { type: 'email', max: 254, search: true, list: 'hidden' },
    phone: { type: 'phone' },
    fleetRole: {
      type: 'enum',
      options: ['driver', 'dispatcher', 'mechanic', 'other'],
      required: true,
      defaultValue: 'driver',
      filter: 'exact',
      sortable: true,
    },
    licenceNumber: { type: 'string', max: 40, unique: true, search: true, list: 'hidden' },
    licenceExpiry: {
      type: 'date',
      filter: 'range',
      sortable: true,
      expiry: { soonDays: LICENCE_WARNING_DAYS },
    },
    status: {
      type: 'enum',
      options: ['active', 'inactive'],
      required: true,
      defaultValue: 'active',
      filter: 'exact',
      sortable: true,
    },
  },
  bulkActions: [
    { key: 'markActive', set: { status: 'active' } },
    { key: 'markInactive', set: { status: 'inactive' } },
  ],
});

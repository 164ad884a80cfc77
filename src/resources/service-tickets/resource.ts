import { defineResource } from '../../domain/resources/types';
import {
  MAX_ASSIGNED,
  SERVICE_TICKETS_API,
  TICKET_CLOSED,
  TICKET_DATED,
  TICKET_PRIORITIES,
  TICKET_START,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
} from '../../domain/service-tickets/constants';

const FLEET = ['TRUCKER'] as const;

/**
 * A fleet business's service tickets (a fleet manager's ticket_management): a job for one of its
 * customers — what, where, when (a day and a time window), priority, the employees on it, and
 * its status along the only allowed moves (src/domain/service-tickets). Every change is in the
 * record's history (the engine's audit); comments and attachments are the area's own rows
 * (server/modules/service-tickets), shown on the ticket's page.
 *
 * The brief path ticket_management is shared: IT sees the platform's support desk there. This
 * resource's screens serve the roles its access lists (TRUCKER); another role on the path gets
 * its own area's page or 'not built yet' (src/custom/routes/main-routes.tsx).
 */
export default defineResource({
  name: 'serviceTickets',
  table: { name: 'fleet_service_tickets' },
  routes: {
    list: 'ticket_management',
    create: 'ticket_management/create',
    edit: 'ticket_management/:id/edit',
    show: 'ticket_management/:id',
  },
  menu: { icon: 'tags' },
  api: { base: SERVICE_TICKETS_API },
  access: { list: FLEET, show: FLEET, create: FLEET, update: FLEET, delete: FLEET },
  tenant: true,
  titleField: 'title',
  defaultSort: { field: 'scheduledDate', order: 'asc' },
  // An import would skip the status rules' "from" state; tickets are opened one by one.
  csvImport: false,
  fields: {
    title: { type: 'string', required: true, min: 3, max: 120, sortable: true, search: true },
    customer: {
      type: 'reference',
      references: { resource: 'customers', labelField: 'name' },
      required: true,
      filter: 'exact',
    },
    status: {
      type: 'enum',
      options: TICKET_STATUSES,
      required: true,
      defaultValue: 'open',
      filter: 'exact',
      sortable: true,
      transitions: { start: TICKET_START, next: TICKET_TRANSITIONS, locks: TICKET_CLOSED },
    },
    priority: {
      type: 'enum',
      options: TICKET_PRIORITIES,
      required: true,
      defaultValue: 'normal',
      filter: 'exact',
      sortable: true,
    },
    scheduledDate: {
      type: 'date',
      filter: 'range',
      sortable: true,
      requiredWhen: { field: 'status', values: TICKET_DATED, message: 'scheduleNeedsDate' },
    },
    windowStart: { type: 'time', list: 'hidden' },
    windowEnd: { type: 'time', list: 'hidden', after: { field: 'windowStart', message: 'windowEndBeforeStart' } },
    address: { type: 'string', required: true, min: 5, max: 200, search: true },
    assignedEmployees: {
      type: 'references',
      references: { resource: 'employees', labelField: 'lastName' },
      max: MAX_ASSIGNED,
    },
    description: { type: 'text', max: 4000, list: false },
  },
});

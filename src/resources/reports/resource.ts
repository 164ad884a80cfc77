import { defineResource } from '../../domain/resources/types';

const FLEET = ['TRUCKER'] as const;
const BASE = '/api/Business/reports';

/**
 * A fleet business's delivery reports (report_management): one customer's deliveries over a
 * period, with the totals a customer is billed. On the product brief's calls (section 7): POST add;
 * GET list with page and perPage; GET one, DELETE, PATCH close (each with query reportId); GET
 * export with query reportId; PATCH add discount. Close, reopen, discount, export and the
 * deliveries are served by server/modules/reports; the details page is bespoke
 * (src/resources/reports/screens/ReportDetails.tsx, report_management/:id/report_details).
 *
 * - The status is a state (FieldDeclaration.transitions): open ⇄ closed, and a closed report is
 *   read-only (the engine refuses edit and delete; the reports module refuses deliveries and
 *   discounts). Only close / reopen move it, never the edit form.
 * - The report discount (discountKind + discountValue: cents, or basis points for a percent) is
 *   set by PATCH discount; the totals are computed (FieldDeclaration.computed) by the money rule
 *   of src/domain/reports/money.ts from the deliveries, the same numbers the exports print.
 * - The engine's list CSV export is off: the brief's GET export is this report's PDF or CSV.
 */
export default defineResource({
  name: 'reports',
  table: { name: 'fleet_reports' },
  routes: {
    list: 'report_management',
    create: 'report_management/create',
    edit: 'report_management/:id/edit',
    show: 'report_management/:id/report_details',
  },
  api: {
    base: BASE,
    show: { method: 'GET', path: `${BASE}/details`, id: 'query', idParam: 'reportId' },
    update: { method: 'PUT', path: BASE, id: 'body' },
    delete: { method: 'DELETE', path: BASE, id: 'query', idParam: 'reportId' },
  },
  access: { list: FLEET, show: FLEET, create: FLEET, update: FLEET, delete: FLEET },
  tenant: true,
  titleField: 'title',
  defaultSort: { field: 'periodFrom', order: 'desc' },
  csvExport: false,
  csvImport: false,
  fields: {
    title: { type: 'string', required: true, min: 2, max: 120, sortable: true, search: true },
    customerId: {
      type: 'reference',
      references: { resource: 'customers', labelField: 'name' },
      required: true,
      filter: 'exact',
    },
    // The list's default sort: (business, period) indexed, so a page is read off the index.
    periodFrom: { type: 'date', required: true, sortable: true, filter: 'range', index: 'tenant' },
    periodTo: {
      type: 'date',
      required: true,
      sortable: true,
      after: { field: 'periodFrom', message: 'reportPeriodOrder' },
    },
    status: {
      type: 'enum',
      options: ['open', 'closed'],
      required: true,
      defaultValue: 'open',
      form: false,
      filter: 'exact',
      sortable: true,
      transitions: { start: ['open'], next: { open: ['closed'], closed: ['open'] }, locks: ['closed'] },
    },
    notes: { type: 'text', max: 2000, list: false },
    discountKind: { type: 'enum', options: ['amount', 'percent'], form: false, list: false, show: false },
    discountValue: { type: 'integer', min: 0, form: false, list: false, show: false },
    deliveriesCount: { type: 'integer', computed: true },
    subtotalCents: { type: 'money', computed: true, list: 'hidden' },
    discountCents: { type: 'money', computed: true, list: 'hidden' },
    totalCents: { type: 'money', computed: true },
  },
});

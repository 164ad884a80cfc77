import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;
export const DEAL_STAGES = ['lead', 'qualified', 'proposal', 'negotiation', 'won', 'lost'] as const;

/** Deals of the CRM pipeline (deal_management, in the Deals Management group). */
export default defineResource({
  name: 'deals',
  table: { name: 'deals' },
  routes: {
    list: 'deal_management',
    create: 'deal_management/create',
    edit: 'deal_management/:id/edit',
    show: 'deal_management/:id',
  },
  api: { base: '/api/crmmanagement/deals' },
  access: { list: ADMIN, show: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  titleField: 'title',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    title: { type: 'string', required: true, min: 2, max: 120, sortable: true, search: true },
    stage: {
      type: 'enum',
      options: DEAL_STAGES,
      required: true,
      defaultValue: 'lead',
      filter: 'exact',
      sortable: true,
    },
    valueCents: { type: 'money', required: true, max: 1_000_000_000, filter: 'range', sortable: true },
    companyId: { type: 'reference', references: { resource: 'companies', labelField: 'name' }, filter: 'exact' },
    contactId: { type: 'reference', references: { resource: 'contacts', labelField: 'fullName' } },
    ownerId: { type: 'reference', references: { resource: 'users', labelField: 'email' }, filter: 'exact' },
    expectedClose: { type: 'date', filter: 'range', sortable: true },
    notes: { type: 'text', max: 5000, list: 'hidden' },
  },
  bulkActions: [
    { key: 'markWon', set: { stage: 'won' } },
    { key: 'markLost', set: { stage: 'lost' }, danger: true },
  ],
});

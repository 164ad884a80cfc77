import { SEEDED_PLAN_DESCRIPTION, SEEDED_PLAN_NAME } from '../../domain/plan-texts';
import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;

/**
 * Subscription plans (plan_management). Price in integer cents, shown as USD; the description
 * is markdown, rendered safely wherever it is shown. Deleting a plan someone subscribes to is
 * refused (409), and so is a name another plan has in any case (Pro / pro). The table is shared
 * with the payments module (unmanaged here).
 */
export default defineResource({
  name: 'plans',
  table: { name: 'plans', managed: false },
  routes: {
    list: 'plan_management',
    create: 'plan_management/create',
    edit: 'plan_management/:id/edit',
    show: 'plan_management/:id',
  },
  api: { base: '/api/Plans/manage' },
  access: { list: ADMIN, show: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  titleField: 'name',
  defaultSort: { field: 'priceCents', order: 'asc' },
  fields: {
    // Unique whatever its case (server/db/tables/core.ts plans_name_key): customers pick a plan by it.
    // A seeded plan's name and description read in the screen's language until someone edits them.
    name: {
      type: 'string',
      required: true,
      min: 2,
      max: 60,
      unique: true,
      sortable: true,
      search: true,
      seeded: SEEDED_PLAN_NAME,
    },
    priceCents: { type: 'money', required: true, max: 10_000_000, sortable: true, filter: 'range' },
    quota: { type: 'integer', required: true, min: 0, max: 100_000, sortable: true },
    pagesPerPdf: { type: 'integer', required: true, min: 0, max: 10_000 },
    description: {
      type: 'markdown',
      required: true,
      max: 5000,
      list: false,
      seeded: SEEDED_PLAN_DESCRIPTION,
    },
  },
});

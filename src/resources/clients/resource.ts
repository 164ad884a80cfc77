import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;

/**
 * Client businesses (client_management, edit_client). The table is the tenants' own
 * (unmanaged here); a business is deactivated rather than deleted, which would take every
 * row it owns with it.
 */
export default defineResource({
  name: 'clients',
  table: { name: 'businesses', managed: false },
  routes: { list: 'client_management', edit: 'client_management/:id/edit_client', show: 'client_management/:id' },
  api: { base: '/api/AdminAccount/clients' },
  access: { list: ADMIN, show: ADMIN, create: [], update: ADMIN, delete: [] },
  titleField: 'companyName',
  defaultSort: { field: 'companyName', order: 'asc' },
  csvImport: false,
  fields: {
    companyName: { type: 'string', required: true, min: 2, max: 120, sortable: true, search: true },
    companyWebSite: { type: 'url', column: 'company_website' },
    status: { type: 'enum', options: ['active', 'inactive'], required: true, filter: 'exact', sortable: true },
  },
});

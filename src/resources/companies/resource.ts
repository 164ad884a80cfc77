import { defineResource } from '../../domain/resources/types';

/** Companies of the CRM (contact_companies_management): contacts and deals point at them. */
export default defineResource({
  name: 'companies',
  table: { name: 'companies' },
  routes: {
    list: 'contact_companies_management',
    create: 'contact_companies_management/create',
    edit: 'contact_companies_management/:id/edit',
    show: 'contact_companies_management/:id',
  },
  menu: { icon: 'bank' },
  api: { base: '/api/crmmanagement/companies' },
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], update: ['ADMIN'], delete: ['ADMIN'] },
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    // Contacts and deals pick a company by its name: "Acme" and "ACME" would be two of one (caseless).
    name: { type: 'string', required: true, min: 2, max: 120, sortable: true, search: true, unique: 'caseless' },
    website: { type: 'url' },
    industry: {
      type: 'enum',
      options: ['technology', 'hospitality', 'logistics', 'retail', 'services', 'other'],
      filter: 'exact',
      sortable: true,
    },
    employees: { type: 'integer', min: 0, max: 1_000_000, filter: 'range', sortable: true },
    phone: { type: 'phone' },
    notes: { type: 'text', list: 'hidden' },
  },
});

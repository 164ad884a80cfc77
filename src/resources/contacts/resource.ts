import { defineResource } from '../../domain/resources/types';

/**
 * Contacts of a business's CRM (contact_management). Administrators manage the platform's own
 * and every business's contacts; club owners and users see only their business's.
 */
export default defineResource({
  name: 'contacts',
  table: { name: 'contacts' },
  routes: {
    list: 'contact_management',
    create: 'contact_management/create',
    edit: 'contact_management/:id/edit',
    show: 'contact_management/:id',
  },
  menu: { icon: 'contacts' },
  api: { base: '/api/crmmanagement/contacts' },
  access: {
    list: ['ADMIN', 'CLUBOWNER', 'USER'],
    show: ['ADMIN', 'CLUBOWNER', 'USER'],
    create: ['ADMIN', 'CLUBOWNER', 'USER'],
    update: ['ADMIN', 'CLUBOWNER', 'USER'],
    delete: ['ADMIN', 'CLUBOWNER', 'USER'],
  },
  tenant: true,
  titleField: 'fullName',
  defaultSort: { field: 'fullName', order: 'asc' },
  fields: {
    fullName: { type: 'string', required: true, min: 2, max: 100, sortable: true, search: true },
    // Forms save their answers as the contact with this email, found without case.
    email: { type: 'email', search: true, filter: 'text', sortable: true, caselessIndex: true },
    phone: { type: 'phone', filter: 'text' },
    companyId: { type: 'reference', references: { resource: 'companies', labelField: 'name' }, filter: 'exact' },
    status: {
      type: 'enum',
      options: ['lead', 'customer', 'inactive'],
      required: true,
      defaultValue: 'lead',
      filter: 'exact',
      sortable: true,
    },
    /** Comma-separated ("vip, newsletter"): what a campaign's audience segment can test (src/domain/campaigns). */
    tags: { type: 'string', max: 200, filter: 'text' },
    notes: { type: 'text', list: 'hidden' },
    /** The language of this contact's campaign mail (its footer); empty: the business's (src/domain/campaigns). */
    language: { type: 'enum', options: ['en', 'es'], filter: 'exact', list: 'hidden' },
  },
  bulkActions: [
    { key: 'markCustomer', set: { status: 'customer' } },
    { key: 'markInactive', set: { status: 'inactive' } },
  ],
});

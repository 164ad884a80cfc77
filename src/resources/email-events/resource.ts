import { defineResource } from '../../domain/resources/types';

const READERS = ['ADMIN', 'CLUBOWNER'] as const;

/**
 * What happened to sent emails (email_events_management): delivered, opened, bounced …
 * A read-only log per business; the mail side writes it, nobody edits it.
 */
export default defineResource({
  name: 'emailEvents',
  table: { name: 'email_events' },
  routes: { list: 'email_events_management', show: 'email_events_management/:id' },
  api: { base: '/api/crmmanagement/email-events' },
  access: { list: READERS, show: READERS, create: [], update: [], delete: [] },
  tenant: true,
  titleField: 'subject',
  defaultSort: { field: 'occurredAt', order: 'desc' },
  csvImport: false,
  fields: {
    recipient: { type: 'email', required: true, filter: 'text', sortable: true, search: true },
    subject: { type: 'string', required: true, max: 200, search: true },
    event: {
      type: 'enum',
      options: ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'],
      required: true,
      filter: 'exact',
      sortable: true,
    },
    occurredAt: { type: 'datetime', required: true, filter: 'range', sortable: true },
  },
});

import { defineResource } from '../../domain/resources/types';
import { SENDER_STATUSES, SENDERS_API } from '../../domain/senders/constants';
import { senderAddressCheck } from '../../domain/senders/address';
import { senderDefaultCheck } from '../../domain/senders/default-sender';

const OWNERS = ['CLUBOWNER', 'USER'] as const;

/**
 * A business's senders (the product brief, section 7: CRM → Senders: GET, POST, DELETE, PUT), on
 * our own screens beside the domains (settings/senders). The list, show and delete are the
 * engine's; adding and changing one are hand-written (server/modules/domains/sender-service.ts):
 * an address on a domain the business verified is verified at once, any other is mailed a code;
 * an address on a domain another business proved is refused; one default sender per business,
 * and only a verified one (default-sender.ts).
 * The address cannot change: a new address is a new sender.
 */
export default defineResource({
  name: 'senders',
  table: { name: 'email_senders' },
  routes: {
    list: 'settings/senders',
    create: 'settings/senders/add',
    edit: 'settings/senders/:id/edit',
    show: 'settings/senders/:id',
  },
  menu: { icon: 'mail' },
  api: {
    base: SENDERS_API.base,
    businessParam: 'businessId',
    update: { method: 'PUT', path: SENDERS_API.base, id: 'body' },
    delete: { method: 'DELETE', path: SENDERS_API.base, id: 'query', idParam: 'senderId' },
  },
  customHandlers: ['create', 'update'],
  access: { list: OWNERS, show: OWNERS, create: OWNERS, update: OWNERS, delete: OWNERS },
  tenant: true,
  titleField: 'address',
  defaultSort: { field: 'address', order: 'asc' },
  csvImport: false,
  check: (record) => ({ ...senderAddressCheck(record), ...senderDefaultCheck(record) }),
  fields: {
    displayName: { type: 'string', required: true, max: 100, oneLine: true, sortable: true, search: true },
    address: { type: 'email', required: true, max: 254, unique: true, form: 'create', sortable: true, search: true },
    replyTo: { type: 'email', max: 254, list: 'hidden' },
    isDefault: { type: 'boolean', defaultValue: false, filter: 'boolean' },
    status: {
      type: 'enum',
      options: SENDER_STATUSES,
      required: true,
      defaultValue: 'pending',
      form: false,
      filter: 'exact',
      sortable: true,
    },
    verifiedAt: { type: 'datetime', form: false, list: 'hidden', noAudit: true },
  },
});

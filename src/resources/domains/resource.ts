import { defineResource } from '../../domain/resources/types';
import { HOST_NAME_MAX, hostNameCheck } from '../../domain/domains/hostname';
import { DOMAIN_STATUSES, DOMAINS_API } from '../../domain/domains/constants';

const OWNERS = ['CLUBOWNER', 'USER'] as const;

/**
 * A business's email domains (settings/domains: CLUBOWNER, USER; the product brief, sections 1,
 * 2 and 7 — CRM → Domains: GET list with businessId, page, perPage; POST add; DELETE with
 * businessId and domainId; GET records; PUT authenticate). The list and delete are the engine's;
 * adding one is hand-written (server/modules/domains: punycode, a DKIM key pair), and so are the
 * records and the DNS check. The configuration and authenticate pages are the domains area's
 * (src/custom/domains); the show route is the configuration page.
 *
 * `name` is the punycode form (`xn--…`), unique per business: a domain another business proved
 * is added and proven again by this one (its own DKIM key and selector). People read and search
 * the Unicode form (`unicodeName`, the list's title); the DNS form stays where records are shown
 * (the configuration and authenticate pages) and is what the add form takes and stores.
 */
export default defineResource({
  name: 'domains',
  table: { name: 'email_domains' },
  routes: {
    list: 'settings/domains',
    create: 'settings/domains/add',
    show: 'settings/domains/:id/configuration',
  },
  menu: { icon: 'mail' },
  api: {
    base: DOMAINS_API.base,
    businessParam: 'businessId',
    create: { method: 'POST', path: DOMAINS_API.add },
    delete: { method: 'DELETE', path: DOMAINS_API.base, id: 'query', idParam: 'domainId' },
  },
  customHandlers: ['create'],
  access: { list: OWNERS, show: OWNERS, create: OWNERS, update: [], delete: OWNERS },
  tenant: true,
  titleField: 'unicodeName',
  defaultSort: { field: 'name', order: 'asc' },
  csvImport: false,
  check: hostNameCheck,
  fields: {
    // Typed in the add form; off the list, whose column is the name as people read it.
    name: {
      type: 'string',
      required: true,
      max: HOST_NAME_MAX,
      unique: true,
      list: false,
      sortable: true,
      search: true,
    },
    // The name as people read it (an internationalised name's Unicode form, bücher.example for
    // xn--bcher-kva.example): the list's column and title, searched like the stored form.
    unicodeName: { type: 'string', max: HOST_NAME_MAX, form: false, sortable: true, search: true },
    status: {
      type: 'enum',
      options: DOMAIN_STATUSES,
      required: true,
      defaultValue: 'pending',
      form: false,
      filter: 'exact',
      sortable: true,
    },
    selector: { type: 'string', max: 63, form: false, list: 'hidden' },
    verifiedAt: { type: 'datetime', form: false, list: 'hidden', noAudit: true },
    lastCheckedAt: { type: 'datetime', form: false, sortable: true, noAudit: true },
  },
});

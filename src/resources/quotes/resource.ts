import { defineResource } from '../../domain/resources/types';
import {
  DEFAULT_QUOTE_PATTERN,
  MAX_CREW,
  MAX_CUBIC_FEET,
  MAX_HOURS,
  MAX_INVENTORY_LINES,
  MAX_ITEM_QUANTITY,
  MAX_QUOTE_CENTS,
  MIN_HOURS,
  PRICING_TYPES,
  QUOTE_COUNTER,
  QUOTE_STATUSES,
  QUOTE_TRANSITIONS,
  QUOTES_API,
  quoteCheck,
  TOTAL_PRICED,
} from '../../domain/quotes/quotes';

const MOVERS = ['MOVER'] as const;

/**
 * A moving business's quotes (quote_management: MOVER only, product brief section 2), a declared
 * resource: inventory as line items, a number on save (`Q-{####}`, the business's counter),
 * money by pricing type (requiredWhen), and the move date and valid-until checked against the
 * business's today (src/domain/quotes/quotes.ts quoteCheck).
 *
 * - status: draft → sent → accepted | declined; accepted and declined are closed (read-only, not
 *   deletable). Moves are actions (server/modules/quotes: send mails the customer's link, the
 *   customer accepts or declines on the public page), never the edit form.
 * - subtotalCents, taxCents (taxRate of the subtotal), totalCents and expired are computed
 *   (src/domain/quotes/pricing.ts; expired from valid-until).
 * - An accepted quote links the booking and the invoice it became.
 */
export default defineResource({
  name: 'quotes',
  table: { name: 'mover_quotes' },
  routes: {
    list: 'quote_management',
    create: 'quote_management/add',
    edit: 'quote_management/edit/:id',
    show: 'quote_management/:id',
  },
  menu: { icon: 'fileText' },
  api: { base: QUOTES_API },
  access: { list: MOVERS, show: MOVERS, create: MOVERS, update: MOVERS, delete: MOVERS },
  tenant: true,
  titleField: 'number',
  defaultSort: { field: 'moveDate', order: 'desc' },
  csvImport: false,
  numbering: { field: 'number', counter: QUOTE_COUNTER, pattern: DEFAULT_QUOTE_PATTERN },
  check: quoteCheck,
  fields: {
    // Assigned on save.
    number: { type: 'string', required: true, max: 40, unique: true, form: false, sortable: true, search: true },
    customerName: { type: 'string', required: true, min: 2, max: 120, sortable: true, search: true },
    customerEmail: { type: 'email', required: true, search: true, list: 'hidden' },
    customerPhone: { type: 'phone', list: 'hidden' },
    moveDate: { type: 'date', required: true, sortable: true, filter: 'range', index: 'tenant' },
    startTime: { type: 'time', required: true },
    originAddress: { type: 'string', required: true, min: 5, max: 200, list: 'hidden' },
    destinationAddress: { type: 'string', required: true, min: 5, max: 200, list: 'hidden' },
    pricingType: {
      type: 'enum',
      options: PRICING_TYPES,
      required: true,
      defaultValue: 'binding',
      filter: 'exact',
      sortable: true,
    },
    // The total for binding / non-binding, the cap for not-to-exceed.
    priceCents: {
      type: 'money',
      min: 0,
      max: MAX_QUOTE_CENTS,
      list: false,
      requiredWhen: { field: 'pricingType', values: TOTAL_PRICED },
    },
    hourlyRateCents: {
      type: 'money',
      min: 0,
      max: MAX_QUOTE_CENTS,
      list: false,
      requiredWhen: { field: 'pricingType', values: ['hourly'] },
    },
    // The booking's length; for hourly quotes also what is billed (at least minimumHours).
    // In quarter hours (2.75): a mover bills them, and the booking stays in whole minutes.
    estimatedHours: { type: 'hours', required: true, min: MIN_HOURS, max: MAX_HOURS, list: false },
    minimumHours: { type: 'hours', min: MIN_HOURS, max: MAX_HOURS, list: false },
    // Sales tax on the price (8.875), the invoice line's rule and message; the form starts from the
    // business's default invoice rate, an API call that leaves it out gets 0 %.
    taxRate: { type: 'percent', required: true, defaultValue: 0, list: false },
    crewSize: { type: 'integer', required: true, min: 1, max: MAX_CREW, list: 'hidden' },
    truck: { type: 'string', max: 120, list: 'hidden' },
    inventory: {
      type: 'lines',
      list: false,
      lines: {
        min: 0,
        max: MAX_INVENTORY_LINES,
        fields: {
          item: { type: 'string', required: true, max: 120 },
          quantity: { type: 'integer', required: true, min: 1, max: MAX_ITEM_QUANTITY },
          cubicFeet: { type: 'integer', min: 1, max: MAX_CUBIC_FEET },
        },
      },
    },
    notes: { type: 'text', max: 2000, list: false },
    validUntil: { type: 'date', required: true, sortable: true, filter: 'range' },
    status: {
      type: 'enum',
      options: QUOTE_STATUSES,
      required: true,
      defaultValue: 'draft',
      form: false,
      filter: 'exact',
      sortable: true,
      transitions: QUOTE_TRANSITIONS,
    },
    subtotalCents: { type: 'money', computed: true, list: 'hidden' },
    taxCents: { type: 'money', computed: true, list: 'hidden' },
    totalCents: { type: 'money', computed: true },
    expired: { type: 'boolean', computed: true },
    sentAt: { type: 'datetime', form: false, list: false },
    answeredAt: { type: 'datetime', form: false, list: false },
    // The customer's last accept that failed because the move's time could not be booked (shown on the quote's page).
    acceptFailedAt: { type: 'datetime', form: false, list: false, show: false },
    // What an accepted quote became (server/modules/quotes accept): shown as links on its page.
    invoiceId: {
      type: 'reference',
      references: { resource: 'invoices', labelField: 'number' },
      form: false,
      list: false,
      show: false,
    },
    bookingId: { type: 'string', form: false, list: false, show: false, noAudit: true },
    // The customer's link (/quote/<token>): 128+ random bits, made when the quote is first sent.
    publicToken: { type: 'string', form: false, list: false, show: false, noAudit: true, unique: true },
  },
});

import { defineResource } from '../../domain/resources/types';
import {
  DEFAULT_INVOICE_PATTERN,
  INVOICE_COUNTER,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  INVOICES_API,
  MAX_LINES,
  MAX_QUANTITY,
  MAX_UNIT_PRICE_CENTS,
} from '../../domain/invoices/constants';
import { invoiceCheck, lineAmountCents } from '../../domain/invoices/totals';

const MOVERS = ['MOVER'] as const;

/**
 * A moving business's invoices (invoice_management, with add and edit/{invoiceID}: MOVER only,
 * product brief section 2). A declared resource using the engine's line items
 * (FieldDeclaration.lines: a child table written in the invoice's transaction) and number on save
 * (ResourceDeclaration.numbering: `INV-{YYYY}-{####}` from the business's counter, gapless).
 *
 * - status: draft → sent → paid, draft or sent → void; sent, paid and void are closed (read-only,
 *   not deletable); a void invoice keeps its number.
 * - Numbers stay gapless, as an invoice's number is on record once issued: deleting the newest
 *   draft gives its number back (the next invoice takes it again); an older draft cannot be
 *   deleted, since that would leave a gap — it is voided instead and keeps its number, as a sent
 *   invoice is (server/resources/numbering.ts giveBackNumbers). A sent invoice is never deleted. Moves are the show page's actions
 *   (server/modules/invoices: send mails it, mark paid), never the edit form.
 * - The totals are computed by src/domain/invoices/totals.ts (one rounding rule, the reports'),
 *   the same function the form's running total and the PDF use, for a draft; an invoice leaving
 *   draft keeps the figures it had then (server/modules/invoices, invoice_totals), which its page,
 *   the list, the PDF, the mail and the pay link read from then on. Overdue is derived from the due
 *   date for a sent invoice, never stored.
 */
export default defineResource({
  name: 'invoices',
  table: { name: 'mover_invoices' },
  routes: {
    list: 'invoice_management',
    create: 'invoice_management/add',
    edit: 'invoice_management/edit/:id',
    show: 'invoice_management/:id',
  },
  menu: { icon: 'fileText' },
  api: { base: INVOICES_API },
  access: { list: MOVERS, show: MOVERS, create: MOVERS, update: MOVERS, delete: MOVERS },
  tenant: true,
  titleField: 'number',
  defaultSort: { field: 'issueDate', order: 'desc' },
  // Invoices of one day in the order of their numbers, not of their random ids.
  sortTiebreak: ['number'],
  csvImport: false,
  numbering: {
    field: 'number',
    counter: INVOICE_COUNTER,
    pattern: DEFAULT_INVOICE_PATTERN,
    giveBackOnDelete: 'invoiceDeleteNotNewest',
  },
  check: invoiceCheck,
  fields: {
    // Assigned on save; editable afterwards (a duplicate answers 409 on the field).
    number: { type: 'string', required: true, max: 40, unique: true, form: 'edit', sortable: true, search: true },
    customerName: { type: 'string', required: true, min: 2, max: 120, sortable: true, search: true },
    customerEmail: { type: 'email', required: true, search: true, list: 'hidden' },
    issueDate: { type: 'date', required: true, sortable: true, filter: 'range', index: 'tenant' },
    dueDate: { type: 'date', required: true, sortable: true, filter: 'range' },
    status: {
      type: 'enum',
      options: INVOICE_STATUSES,
      required: true,
      defaultValue: 'draft',
      form: false,
      filter: 'exact',
      sortable: true,
      transitions: INVOICE_TRANSITIONS,
    },
    lines: {
      type: 'lines',
      required: true,
      list: false,
      lines: {
        min: 1,
        max: MAX_LINES,
        // A line's amount on its card in the phone form: quantity × price, the totals' own rule.
        amount: (line) =>
          lineAmountCents({ quantity: Number(line.quantity), unitPriceCents: Number(line.unitPriceCents) }),
        fields: {
          description: { type: 'string', required: true, max: 200 },
          // 6.5 hours of labor, 2.25 gallons: at most 2 decimals (field-rules.ts quantitySchema).
          quantity: { type: 'quantity', required: true, max: MAX_QUANTITY },
          unitPriceCents: { type: 'money', required: true, min: 0, max: MAX_UNIT_PRICE_CENTS },
          taxRate: { type: 'percent', required: true, defaultValue: 0 },
        },
      },
    },
    discountAmount: { type: 'money', min: 0, max: MAX_UNIT_PRICE_CENTS, list: false },
    discountPercent: { type: 'percent', list: false },
    notes: { type: 'text', max: 2000, list: false },
    subtotalCents: { type: 'money', computed: true, list: 'hidden' },
    discountCents: { type: 'money', computed: true, list: 'hidden' },
    taxCents: { type: 'money', computed: true, list: 'hidden' },
    totalCents: { type: 'money', computed: true },
    overdue: { type: 'boolean', computed: true },
    sentAt: { type: 'datetime', form: false, list: false },
    paidAt: { type: 'datetime', form: false, list: false },
    // The payment link made for it (server/modules/payments), by its public token.
    payLinkToken: { type: 'string', form: false, list: false, show: false, noAudit: true },
  },
});

/**
 * The invoices' states, their moves, number pattern, bounds and API paths: what the declaration
 * (src/resources/invoices/resource.ts) reads on every signed-in load. Apart from invoices.ts,
 * whose zod schema only the settings form and the server need (docs/architecture.md, "The design
 * card's packages"); that file re-exports these.
 */
export const INVOICES_API = '/api/Business/invoices';
export const INVOICE_SETTINGS_API = '/api/Business/invoice-settings';

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/**
 * draft → sent → paid, and draft or sent → void. Sent, paid and void invoices are closed: their
 * lines and amounts never change again (a void keeps its number: numbers stay gapless).
 */
export const INVOICE_TRANSITIONS = {
  start: ['draft'],
  next: { draft: ['sent', 'void'], sent: ['paid', 'void'], paid: [], void: [] },
  locks: ['sent', 'paid', 'void'],
  // Nothing reopens a sent invoice (its number and amounts are on record): the refusal says how to correct one.
  lockedMessage: 'invoiceClosed',
} as const;

/** The counter every business's invoices are numbered from (record_counters.counter). */
export const INVOICE_COUNTER = 'invoices';
export const DEFAULT_INVOICE_PATTERN = 'INV-{YYYY}-{####}';

/**
 * Money bounds of a line: a unit price up to $1,000,000 and a quantity up to 10,000 (at most 2
 * decimals) keep every amount and sum an exact integer of cents (at most 10^14 for 100 lines).
 */
export const MAX_UNIT_PRICE_CENTS = 100_000_000;
export const MAX_QUANTITY = 10_000;
export const MAX_LINES = 100;
export const MAX_DUE_DAYS = 365;

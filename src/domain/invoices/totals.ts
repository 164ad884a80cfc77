/**
 * The money rule of invoices, written once: the form's running total, the server's computed
 * totals, the checks and the PDF all call these functions, so every figure agrees to the cent.
 *
 * - Money is integer cents. A line's quantity has at most 2 decimals (6.5 hours, 2.25 gallons); its
 *   amount is quantity × unit price rounded half-up to the cent once (src/domain/money.ts
 *   quantityTimesCents): 2.75 × $95.50 = $262.63. The subtotal adds the rounded amounts.
 * - A percent (a line's tax rate, a percent discount) is 0–100 with at most 3 decimals, as typed
 *   (8.875). A percent of cents is rounded half-up to the cent by the app's one rule
 *   (src/domain/money.ts percentOfCents, the fleet reports' discounts too), never a second one.
 * - The invoice discount is an amount (cents) or a percent of the subtotal, rounded once.
 * - The discount lowers what is taxed: it is shared out over the lines in proportion to their
 *   amounts, exactly (largest remainder: the shares add up to the discount, nothing is rounded).
 * - Tax is rounded once per rate: a rate's tax is that percent of its lines' discounted amounts
 *   added up, rounded half-up once, then shared out over those lines exactly (as the discount is),
 *   so a line's tax still adds up to the invoice's. Rounded line by line, 100 lines of $5.00 at
 *   8.875 % made $44.00 of tax instead of $44.38. Total = subtotal − discount + tax.
 * - Figures are frozen when an invoice leaves draft (sent, or voided as a draft): the server stores
 *   these totals then (server/modules/invoices, invoice_totals) and every reader of a closed
 *   invoice — its page, the list, the PDF, the mail, the pay link's amount — takes the stored
 *   figures (invoiceFigures). Only a draft is computed from its lines on each read, so a later
 *   change of these rules never moves what a customer was sent.
 */
import { percentOfCents, quantityTimesCents } from '../money';

export interface InvoiceLineInput {
  quantity: number;
  unitPriceCents: number;
  /** A percent as typed (8.875); null or absent: no tax. */
  taxRate?: number | null;
}

export interface InvoiceLineTotals {
  amountCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** The tax of one rate (a percent as typed), rounded once for the lines of that rate. */
export interface RateTax {
  rate: number;
  taxCents: number;
}

export interface InvoiceTotals {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  /** The tax of each rate, lowest rate first (taxCents is their sum). */
  taxes: RateTax[];
  lines: InvoiceLineTotals[];
}

/** An invoice discount: cents off, or a percent (as typed, 12.5) of the subtotal. */
export interface InvoiceDiscount {
  kind: 'amount' | 'percent';
  value: number;
}

/** The invoice discount as stored in its two fields (an amount in cents, or a percent). */
export function invoiceDiscount(record: Readonly<Record<string, unknown>>): InvoiceDiscount | null {
  if (typeof record.discountAmount === 'number') return { kind: 'amount', value: record.discountAmount };
  if (typeof record.discountPercent === 'number') return { kind: 'percent', value: record.discountPercent };
  return null;
}

/** `total` cents shared over `weights` in proportion, exactly (the shares add up to `total`). */
function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (!sum || !total) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((s, v) => s + v, 0);
  // Leftover cents to the largest remainders, the earlier line first on a tie.
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Cents off `subtotal` for the discount; 0 without one. */
function discountOff(subtotal: number, discount: InvoiceDiscount | null): number {
  if (!discount) return 0;
  return discount.kind === 'amount' ? discount.value : percentOfCents(subtotal, discount.value);
}

const sumOf = (cents: readonly number[]) => cents.reduce((s, c) => s + c, 0);

/** A line's amount in cents (0 while the form still lacks a number). */
export const lineAmountCents = (line: InvoiceLineInput): number =>
  quantityTimesCents(line.quantity || 0, line.unitPriceCents || 0);

export function invoiceTotals(lines: readonly InvoiceLineInput[], discount: InvoiceDiscount | null): InvoiceTotals {
  const amounts = lines.map(lineAmountCents);
  const subtotalCents = amounts.reduce((s, a) => s + a, 0);
  const discountCents = Math.min(discountOff(subtotalCents, discount), subtotalCents);
  const shares = shareOut(discountCents, amounts);
  const nets = amounts.map((amount, i) => amount - shares[i]!);
  const lineTax = lines.map(() => 0);
  const byRate = new Map<number, number[]>();
  lines.forEach((line, i) => {
    if (line.taxRate) byRate.set(line.taxRate, [...(byRate.get(line.taxRate) ?? []), i]);
  });
  let taxCents = 0;
  const taxes: RateTax[] = [];
  for (const [rate, at] of byRate) {
    const rateNets = at.map((i) => nets[i]!);
    const rateTax = percentOfCents(sumOf(rateNets), rate);
    taxCents += rateTax;
    taxes.push({ rate, taxCents: rateTax });
    shareOut(rateTax, rateNets).forEach((tax, k) => (lineTax[at[k]!] = tax));
  }
  const each = lines.map((_, i) => ({
    amountCents: amounts[i]!,
    discountCents: shares[i]!,
    taxCents: lineTax[i]!,
    totalCents: nets[i]! + lineTax[i]!,
  }));
  taxes.sort((a, b) => a.rate - b.rate);
  return {
    subtotalCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
    taxes,
    lines: each,
  };
}

/** Whether an invoice's figures are computed from its lines on each read: a draft's only. */
export const computesLive = (status: unknown): boolean => status === 'draft';

/**
 * The figures an invoice shows, wherever it is read: a draft's from its lines and discount now;
 * a closed invoice's (sent, paid, void) as stored when it left draft (`frozen`), whatever the
 * lines would make of them today. A closed invoice with nothing stored (closed before the figures
 * were kept) is computed as a draft is.
 */
export function invoiceFigures(
  record: Readonly<Record<string, unknown>> & { lines: readonly InvoiceLineInput[] },
  frozen: InvoiceTotals | null | undefined,
): InvoiceTotals {
  if (!computesLive(record.status) && frozen) return frozen;
  return invoiceTotals(record.lines, invoiceDiscount(record));
}

/** Whether a sent invoice is past its due date on `today` (YYYY-MM-DD, the business's day): derived, never stored. */
export function isOverdue(record: Readonly<Record<string, unknown>>, today: string): boolean {
  return record.status === 'sent' && typeof record.dueDate === 'string' && record.dueDate < today;
}

type Check = 'discountOneKind' | 'invoiceDiscountTooLarge' | 'dueBeforeIssue';

/**
 * The invoice's rules across fields (ResourceDeclaration.check): a discount is an amount or a
 * percent, not both, and no larger than the lines; the due date is not before the issue date.
 */
export function invoiceCheck(record: Readonly<Record<string, unknown>>): Record<string, Check> {
  const errors: Record<string, Check> = {};
  if (typeof record.discountAmount === 'number' && typeof record.discountPercent === 'number') {
    errors.discountPercent = 'discountOneKind';
  }
  const lines = Array.isArray(record.lines) ? (record.lines as InvoiceLineInput[]) : null;
  if (lines && typeof record.discountAmount === 'number' && !errors.discountPercent) {
    const subtotal = lines.reduce((s, l) => s + lineAmountCents(l), 0);
    if (record.discountAmount > subtotal) errors.discountAmount = 'invoiceDiscountTooLarge';
  }
  if (typeof record.issueDate === 'string' && typeof record.dueDate === 'string' && record.dueDate < record.issueDate) {
    errors.dueDate = 'dueBeforeIssue';
  }
  return errors;
}

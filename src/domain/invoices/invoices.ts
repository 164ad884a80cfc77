/**
 * What invoices share between the declaration, the forms, the server and the PDF: statuses and
 * their moves, the number's default pattern, the API paths, and the invoice settings' rules.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { percentSchema } from '../resources/field-rules';
import { isValidNumberPattern, NUMBER_PATTERN_MAX } from '../resources/numbering';
import { DEFAULT_INVOICE_PATTERN, MAX_DUE_DAYS } from './constants';
import { wholeNumberType } from '../schemas/whole-number';

export * from './constants';

/** Invoice settings (POST /api/Business/invoice-settings): the form and the server check the same way. */
export const invoiceSettingsSchema = z.object({
  numberPattern: z.string({ error: MESSAGES.numberPatternInvalid }).check(
    z.refine((v) => isValidNumberPattern(v.trim()), MESSAGES.numberPatternInvalid),
    z.maxLength(NUMBER_PATTERN_MAX, MESSAGES.numberPatternInvalid),
  ),
  nextNumber: wholeNumberType(MESSAGES.mustBeNumber).check(
    z.int(MESSAGES.mustBeInteger),
    z.gte(1, formatMessage('tooSmall', { min: 1 })),
    z.lte(1_000_000_000, formatMessage('tooLarge', { max: 1_000_000_000 })),
  ),
  defaultDueDays: wholeNumberType(MESSAGES.mustBeNumber).check(
    z.int(MESSAGES.mustBeInteger),
    z.gte(0, formatMessage('tooSmall', { min: 0 })),
    z.lte(MAX_DUE_DAYS, formatMessage('tooLarge', { max: MAX_DUE_DAYS })),
  ),
  // A percent as typed (8.875), the same rule and message as an invoice line's tax rate.
  defaultTaxRate: percentSchema,
  footer: z.nullable(
    z.string({ error: MESSAGES.mustBeText }).check(z.maxLength(2000, formatMessage('textTooLong', { max: 2000 }))),
  ),
});
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsSchema>;

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettingsInput = {
  numberPattern: DEFAULT_INVOICE_PATTERN,
  nextNumber: 1,
  defaultDueDays: 30,
  defaultTaxRate: 0,
  footer: null,
};

/** Settings errors by field, with the shared messages (null when valid). */
export function invoiceSettingsErrors(input: unknown): Record<string, string> | null {
  const parsed = z.safeParse(invoiceSettingsSchema, input);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'settings');
    errors[key] ??= issue.message;
  }
  return errors;
}

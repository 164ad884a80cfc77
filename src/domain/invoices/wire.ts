/**
 * The invoice area's answers beside the engine's records, written once: the settings and
 * action routes (server/modules/invoices) answer through these schemas and the invoice screens
 * (src/resources/invoices/screens) read their output types.
 */
import * as z from 'zod/mini';
import { described } from '../wire';

/** A business's invoice settings, with the number the next invoice will get. */
export const invoiceSettingsAnswer = z.object({
  businessId: z.string(),
  numberPattern: described(z.string(), '{YYYY} the year, {YY} its last two digits, {####} the counter'),
  nextNumber: z.int(),
  defaultDueDays: z.int(),
  defaultTaxRate: described(z.number(), 'A percent, at most 3 decimals (8.875)'),
  footer: z.nullable(z.string()),
  nextNumberPreview: z.string(),
});
export type InvoiceSettings = z.output<typeof invoiceSettingsAnswer>;

/** A sent invoice's payment link; null when its total is under the smallest charge. */
export const payLinkAnswer = z.object({ url: z.nullable(z.string()) });
export type PayLink = z.output<typeof payLinkAnswer>;

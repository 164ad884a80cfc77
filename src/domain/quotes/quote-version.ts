/**
 * Which version of a quote a customer answers (docs/quotes.md, "Editing a sent quote").
 *
 * A sent quote may still be edited by the mover (a wrong address, one more crew member), and the
 * customer's page reads it from the server when it opens. So an answer names the version the
 * customer read: the server accepts or declines only that version, and answers 409 with
 * quoteChanged when the quote changed since (the page then shows the new one). A version is
 * what the customer reads and agrees to — the terms below, never the status or the moment
 * it was saved — so a save that changes nothing the customer reads never refuses
 * their answer. Accepted and declined quotes are closed (QUOTE_TRANSITIONS.locks): nothing in
 * them changes after the answer.
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';

/** One inventory line as the customer reads it. */
interface TermsLine {
  item: string;
  quantity: number;
  cubicFeet: number | null;
}

/** The terms a customer agrees to, in one order, each as one type whatever the row's driver gave. */
export interface QuoteTerms {
  number: string;
  customerName: string;
  moveDate: string;
  startTime: string;
  originAddress: string;
  destinationAddress: string;
  pricingType: string;
  priceCents: number | null;
  hourlyRateCents: number | null;
  estimatedHours: number;
  minimumHours: number | null;
  taxRate: number;
  crewSize: number;
  truck: string | null;
  inventory: TermsLine[];
  notes: string | null;
  validUntil: string;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
const amount = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A stored quote (with its inventory) as the terms its customer reads. */
export function quoteTerms(quote: Readonly<Record<string, unknown>>): QuoteTerms {
  const lines = Array.isArray(quote.inventory) ? (quote.inventory as Record<string, unknown>[]) : [];
  return {
    number: String(quote.number),
    customerName: String(quote.customerName),
    moveDate: String(quote.moveDate),
    // 'HH:MM' as the time input writes it; a driver's 'HH:MM:SS' is the same minute.
    startTime: String(quote.startTime).slice(0, 5),
    originAddress: String(quote.originAddress),
    destinationAddress: String(quote.destinationAddress),
    pricingType: String(quote.pricingType),
    priceCents: amount(quote.priceCents),
    hourlyRateCents: amount(quote.hourlyRateCents),
    estimatedHours: Number(quote.estimatedHours),
    minimumHours: amount(quote.minimumHours),
    taxRate: Number(quote.taxRate ?? 0),
    crewSize: Number(quote.crewSize),
    truck: text(quote.truck),
    inventory: lines.map((l) => ({
      item: String(l.item),
      quantity: Number(l.quantity),
      cubicFeet: amount(l.cubicFeet),
    })),
    notes: text(quote.notes),
    validUntil: String(quote.validUntil),
  };
}

/** The longest version string an answer may carry (the server's are 22 characters). */
export const QUOTE_VERSION_MAX = 64;

/** What the customer's Accept or Decline sends: the version of the quote they read. */
export const quoteAnswerSchema = z.object({
  version: z
    .string({ error: MESSAGES.quoteVersionRequired })
    .check(
      z.minLength(1, { error: MESSAGES.quoteVersionRequired }),
      z.maxLength(QUOTE_VERSION_MAX, { error: MESSAGES.quoteVersionRequired }),
    ),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

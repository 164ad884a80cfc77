/** The customer's calls, by the quote's token (no session: the page is public). */
import { PUBLIC_QUOTES_API, type PricingType, type QuoteStatus } from '../../domain/quotes/quotes';
import type { QuoteAnswer } from '../../domain/quotes/quote-version';
import { http } from '../../providers/http';

export interface PublicQuote {
  number: string;
  businessName: string;
  customerName: string;
  moveDate: string;
  startTime: string;
  timeZone: string;
  originAddress: string;
  destinationAddress: string;
  pricingType: PricingType;
  priceCents: number | null;
  hourlyRateCents: number | null;
  estimatedHours: number;
  minimumHours: number | null;
  billedHours: number | null;
  /** Before tax; the tax at taxRate (8.875) of it; their sum, the total (the cap for not-to-exceed). */
  subtotalCents: number | null;
  taxRate: number | null;
  taxCents: number | null;
  totalCents: number | null;
  crewSize: number;
  truck: string | null;
  inventory: { item: string; quantity: number; cubicFeet: number | null }[];
  notes: string | null;
  validUntil: string;
  status: QuoteStatus;
  expired: boolean;
  /** The mover to write to or call (with businessName), as stored. */
  contact: { email: string | null; phone: string | null };
  /** The version of the terms shown: an answer names it (src/domain/quotes/quote-version.ts). */
  version: string;
}

const path = (token: string) => `${PUBLIC_QUOTES_API}/${encodeURIComponent(token)}`;

export async function getPublicQuote(token: string): Promise<PublicQuote> {
  return (await http.get<PublicQuote>(path(token))).data;
}

/**
 * Accepts or declines the version the customer read (`version`, from the page): the server
 * refuses it with 409 when the mover changed the quote since.
 */
export async function answerQuote(token: string, answer: 'accept' | 'decline', version: string): Promise<PublicQuote> {
  const body: QuoteAnswer = { version };
  return (await http.post<PublicQuote>(`${path(token)}/${answer}`, body)).data;
}

/**
 * What quotes share between the declaration, the forms, the server, the public page and the PDF:
 * statuses and their moves, pricing types, bounds, API paths, and the quote's rules across fields
 * (ResourceDeclaration.check) — the move date and the valid-until date against the business's today.
 */
import type { MessageCode } from '../messages';
import type { RecordCheckContext } from '../resources/types';

export const QUOTES_API = '/api/Business/quotes';
/** The customer's side, by the quote's public token (no sign-in). */
export const PUBLIC_QUOTES_API = '/api/Public/quotes';
/** The public page the quote mail links to (a client route outside the main layout). */
export const QUOTE_PAGE_PATH = '/quote/';

/**
 * draft → sent → accepted | declined. Accepted and declined quotes are closed (read-only, not
 * deletable). Expired is derived from valid-until (isQuoteExpired), never stored.
 */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_TRANSITIONS = {
  start: ['draft'],
  next: { draft: ['sent'], sent: ['accepted', 'declined'], accepted: [], declined: [] },
  locks: ['accepted', 'declined'],
} as const;

export const PRICING_TYPES = ['binding', 'non_binding', 'not_to_exceed', 'hourly'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
/** The pricing types quoted as one total (not-to-exceed: the total is the cap). */
export const TOTAL_PRICED = ['binding', 'non_binding', 'not_to_exceed'] as const;

export const QUOTE_COUNTER = 'quotes';
export const DEFAULT_QUOTE_PATTERN = 'Q-{####}';

/** A total or an hourly rate up to $1,000,000 keeps rate × hours exact in cents. */
export const MAX_QUOTE_CENTS = 100_000_000;
export const MAX_HOURS = 72;
export const MAX_CREW = 50;
export const MAX_ITEM_QUANTITY = 1_000;
export const MAX_CUBIC_FEET = 10_000;
export const MAX_INVENTORY_LINES = 100;

type Check = Extract<MessageCode, 'quoteMoveDateInPast' | 'quoteValidUntilPast'>;

/**
 * The quote's rules across fields: with the business's today (YYYY-MM-DD) known, the move date is
 * not in the past and the quote is valid at least until today. Field-by-field rules (crew ≥ 1,
 * hours, quantities, money ≥ 0, the money a pricing type needs) are the declaration's options.
 */
export function quoteCheck(
  record: Readonly<Record<string, unknown>>,
  context: RecordCheckContext = {},
): Record<string, Check> {
  const errors: Record<string, Check> = {};
  const { today } = context;
  if (!today) return errors;
  if (typeof record.moveDate === 'string' && record.moveDate && record.moveDate < today) {
    errors.moveDate = 'quoteMoveDateInPast';
  }
  if (typeof record.validUntil === 'string' && record.validUntil && record.validUntil < today) {
    errors.validUntil = 'quoteValidUntilPast';
  }
  return errors;
}

/** A quote waiting for an answer (draft or sent) whose valid-until day has passed: derived, never stored. */
export function isQuoteExpired(record: Readonly<Record<string, unknown>>, today: string): boolean {
  return (
    (record.status === 'draft' || record.status === 'sent') &&
    typeof record.validUntil === 'string' &&
    record.validUntil < today
  );
}

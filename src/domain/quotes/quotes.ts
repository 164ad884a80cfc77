/**
 * What quotes share between the declaration, the forms, the server, the public page and the PDF:
 * statuses and their moves, pricing types, bounds, API paths, and the quote's rules across fields
 * (ResourceDeclaration.check) — the move date and the valid-until date against the business's today.
 */
import type { MessageCode } from '../messages';
import type { RecordCheckContext } from '../resources/types';
import { zonedTimeToInstant } from '../venue/opening-hours';

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
  // Nothing reopens an answered quote: the refusal says to quote again.
  lockedMessage: 'quoteClosed',
} as const;

export const PRICING_TYPES = ['binding', 'non_binding', 'not_to_exceed', 'hourly'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
/** The pricing types quoted as one total (not-to-exceed: the total is the cap). */
export const TOTAL_PRICED = ['binding', 'non_binding', 'not_to_exceed'] as const;

export const QUOTE_COUNTER = 'quotes';
export const DEFAULT_QUOTE_PATTERN = 'Q-{####}';

/** A total or an hourly rate up to $1,000,000 keeps rate × hours exact in cents. */
export const MAX_QUOTE_CENTS = 100_000_000;
/** Hours are quarter hours (src/domain/resources/field-rules.ts hoursSchema), from a quarter to three days. */
export const MIN_HOURS = 0.25;
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

/** The move as the business's calendar would book it: what accepting a quote books, and what is checked before. */
export interface QuoteMove {
  moveDate: string;
  startTime: string;
  estimatedHours: number;
}

/**
 * The booking a quote's move becomes: its date and start read on the business's wall clock, for
 * its estimated hours. Accepting books exactly this; sending and the form check exactly this.
 */
export function quoteMoveTimes(move: QuoteMove, timeZone: string): { startsAt: string; endsAt: string } {
  const [h = 0, m = 0] = move.startTime.split(':').map(Number);
  const start = zonedTimeToInstant(move.moveDate, h * 60 + m, timeZone);
  const end = start + move.estimatedHours * 3_600_000;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };
}

/** How many of the business's days, from the move's, are searched for times that fit. */
export const FIT_SEARCH_DAYS = 14;
/** How many times that fit are offered. */
export const FIT_SUGGESTIONS = 3;

/**
 * Whether a move can be booked now (GET QUOTES_API/fit, and the reason a send is refused): the
 * bookings' own check's message when it cannot, and the next starts that fit, on the business's
 * wall clock.
 */
export interface QuoteMoveFit {
  fits: boolean;
  reason: string | null;
  next: { moveDate: string; startTime: string }[];
  timeZone: string;
}
export const QUOTE_FIT_API = `${QUOTES_API}/fit`;

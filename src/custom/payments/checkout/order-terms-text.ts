import type { TFunction } from 'i18next';
import type { OrderTerms } from '../../../domain/payments/order-terms';
import { formatUsd } from '../../../domain/money';
import { formatDate } from '../../../ui/format';

/**
 * The review step's words for what an order costs and when (the terms come from
 * src/domain/payments/order-terms.ts, the rule the server follows): "Free until 06/01/2026,
 * then $14.00/month" while a trial runs, and the note that says plainly when the card is first
 * charged; without a trial, the monthly renewal as before.
 */
export function billingText(t: TFunction, terms: OrderTerms): string {
  if (!terms.trialEndsAt) return t('checkout.review.monthly');
  const date = formatDate(terms.trialEndsAt);
  if (terms.monthlyCents === 0) return t('checkout.review.trialThenFree', { date });
  return t('checkout.review.freeUntil', { date, price: formatUsd(terms.monthlyCents) });
}

/** The sentence under the order while a trial runs, or null when the card is charged today. */
export function trialNote(t: TFunction, terms: OrderTerms): string | null {
  if (!terms.trialEndsAt) return null;
  const date = formatDate(terms.trialEndsAt);
  if (terms.monthlyCents === 0) return t('checkout.review.trialNoteFree', { date });
  return t('checkout.review.trialNote', { date, price: formatUsd(terms.monthlyCents) });
}

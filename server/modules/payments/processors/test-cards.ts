/**
 * Test card numbers the local processor knows — Stripe's own test numbers, so the same card
 * behaves the same with either processor (any future expiry, any CVC, any ZIP):
 *
 *   4242 4242 4242 4242  Visa, succeeds
 *   5555 5555 5555 4444  Mastercard, succeeds
 *   3782 822463 10005    American Express, succeeds (4-digit CVC)
 *   4000 0000 0000 0002  declined: 'Your card was declined.'
 *   4000 0000 0000 9995  declined: 'Your card has insufficient funds.'
 *   4000 0000 0000 0069  declined: 'Your card has expired.'
 *   4000 0000 0000 0127  declined: "Your card's security code is incorrect."
 *   4000 0000 0000 0119  'An error occurred while processing your card…'
 *   4000 0000 0000 0341  saved fine, every charge is declined (like Stripe's attach-then-fail card)
 *   4000 0000 0000 7726  charges succeed; a refund is held 'pending' a while before it succeeds
 *
 * Any other number that passes the Luhn check and has a future expiry succeeds, like a real
 * issuer approving a good card. The README lists the same table under "Payments".
 */
import type { CardErrorCode } from './types';

export const TEST_CARDS = {
  success: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
  declineOnCharge: '4000000000000341',
  refundPending: '4000000000007726',
} as const;

/**
 * What the issuer does with a number: refuse it when checked, refuse charges only, or accept;
 * `refundPending`: its refunds are held pending a while (LOCAL_REFUND_PENDING_MS) before they succeed.
 */
export type CardBehaviour = { verify: CardErrorCode | null; charge: CardErrorCode | null; refundPending?: boolean };

const BEHAVIOURS: Record<string, CardBehaviour> = {
  [TEST_CARDS.declined]: { verify: 'card_declined', charge: 'card_declined' },
  [TEST_CARDS.insufficientFunds]: { verify: 'insufficient_funds', charge: 'insufficient_funds' },
  [TEST_CARDS.expired]: { verify: 'expired_card', charge: 'expired_card' },
  [TEST_CARDS.incorrectCvc]: { verify: 'incorrect_cvc', charge: 'incorrect_cvc' },
  [TEST_CARDS.processingError]: { verify: 'processing_error', charge: 'processing_error' },
  [TEST_CARDS.declineOnCharge]: { verify: null, charge: 'card_declined' },
  [TEST_CARDS.refundPending]: { verify: null, charge: null, refundPending: true },
};

export function cardBehaviour(number: string): CardBehaviour {
  return BEHAVIOURS[number] ?? { verify: null, charge: null };
}

/**
 * A transaction's states: one list for the transactions page's status filter and the server's
 * query of it. 'refund_pending': a refund of it is held by the processor (Stripe's 'pending' or
 * 'requires_action'); it is not refunded until the processor confirms it.
 */
export const TRANSACTION_STATUSES = [
  'succeeded',
  'failed',
  'refund_pending',
  'partially_refunded',
  'refunded',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

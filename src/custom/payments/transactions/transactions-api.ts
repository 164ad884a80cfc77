import { API, apiPath } from '../../../domain/api-paths';
import { http } from '../../../providers/http';
import { idempotencyHeader } from '../payments-api';

import type { TransactionStatus } from '../../../domain/payments/transaction-status';

export { TRANSACTION_STATUSES, type TransactionStatus } from '../../../domain/payments/transaction-status';

export interface Refund {
  id: string;
  amount: number;
  status: string;
  reason: string | null;
  createdAt: string;
}

export interface Transaction {
  id: string;
  kind: 'subscription' | 'payment_link' | string;
  description: string;
  /** Integer cents (USD), captured. */
  amount: number;
  refundedAmount: number;
  /** What may still be refunded, in cents (0 unless succeeded or partly refunded). */
  refundable: number;
  status: TransactionStatus | string;
  cardBrand: string | null;
  cardLast4: string | null;
  payerName: string | null;
  payerEmail: string | null;
  failureMessage: string | null;
  createdAt: string;
  refunds: Refund[];
}

/** The list filters as the API and the URL hold them: days YYYY-MM-DD, amounts in cents. */
export interface TransactionFilters {
  from?: string;
  to?: string;
  status?: string;
  minAmount?: number;
  maxAmount?: number;
}

/** A full refund when `amount` is left out, else that many cents. */
export async function refundTransaction(
  transactionId: string,
  body: { amount?: number; reason?: string },
  key: string,
): Promise<{ refund: Refund; transaction: Transaction }> {
  const { data } = await http.post<{ refund: Refund; transaction: Transaction }>(
    apiPath(API.refundTransaction, { transactionId }),
    body,
    { headers: idempotencyHeader(key) },
  );
  return data;
}

import { API, apiPath } from '../../../domain/api-paths';
import type { AddCardPayloadInput } from '../../../domain/payments/card-schema';
import { http } from '../../../providers/http';
import { idempotencyHeader } from '../payments-api';

/** Payment links (the product brief, section 7: POST checkout session, GET payment links) and the public pay calls. */

export interface PaymentLink {
  id: string;
  /** Integer cents (USD). */
  amount: number;
  description: string;
  status: 'active' | 'paid' | 'inactive' | string;
  token: string;
  /** The public pay page, as the server composes it from the app's origin. */
  url: string;
  createdAt: string;
  paidAt: string | null;
  payment: {
    transactionId: string;
    status: string;
    cardBrand: string | null;
    cardLast4: string | null;
    payerName: string | null;
    paidAt: string;
  } | null;
}

export interface PublicPaymentLink {
  token: string;
  amount: number;
  description: string;
  businessName: string;
  status: 'active' | 'paid' | 'inactive' | string;
  paidAt: string | null;
}

export interface LinkPayment {
  transactionId: string;
  status: string;
  amount: number;
  cardBrand: string;
  cardLast4: string;
}

export async function createPaymentLink(amount: number, description: string, key: string): Promise<PaymentLink> {
  return (
    await http.post<PaymentLink>(API.checkoutSession, { amount, description }, { headers: idempotencyHeader(key) })
  ).data;
}

export async function getPublicLink(token: string): Promise<PublicPaymentLink> {
  return (await http.get<PublicPaymentLink>(apiPath(API.publicPaymentLink, { token }))).data;
}

/** Pays a link with a card; no session needed (the pay page is public). */
export async function payLink(token: string, payload: AddCardPayloadInput, key: string): Promise<LinkPayment> {
  return (
    await http.post<LinkPayment>(apiPath(API.publicPaymentLinkPay, { token }), payload, {
      headers: idempotencyHeader(key),
    })
  ).data;
}

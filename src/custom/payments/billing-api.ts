import { API, apiPath } from '../../domain/api-paths';
import { http, pagingFromHeaders } from '../../providers/http';
import { filenameFromDisposition, saveBlob } from './download';
import { idempotencyHeader, type Paged } from './payments-api';

/** Plans, the user's subscription and invoices (spec section 7, Payments and subscriptions). */

export interface Plan {
  id: string;
  name: string;
  /** Integer cents (USD). */
  price: number;
  quota: number;
  pagesPerPdf: number;
  description: string | null;
}

export interface Subscription {
  id: string;
  planId: string;
  status: 'active' | 'canceled' | string;
  price: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  canceledAt: string | null;
}

export interface UserPlanState {
  plan: Plan | null;
  subscription: Subscription | null;
  freeTrial: number;
  trialEndsAt: string | null;
  subscriptionActive: boolean;
  shouldHaveSubscription: boolean;
}

export interface SubscriptionChange {
  subscription: Subscription;
  plan?: Plan;
  freeTrial: number;
  subscriptionActive: boolean;
}

export interface Invoice {
  id: string;
  number: string;
  description: string;
  amount: number;
  status: string;
  cardBrand: string | null;
  cardLast4: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
}

export async function plansByRole(): Promise<Plan[]> {
  return (await http.get<Plan[]>(API.plansByRole)).data;
}

export async function userPlan(): Promise<UserPlanState> {
  return (await http.get<UserPlanState>(API.userPlan)).data;
}

/** POST subscription with planId (and the card chosen at checkout), under one Idempotency-Key. */
export async function createSubscription(planId: string, key: string, cardId?: string): Promise<SubscriptionChange> {
  const body = cardId ? { planId, cardId } : { planId };
  return (await http.post<SubscriptionChange>(API.subscription, body, { headers: idempotencyHeader(key) })).data;
}

/** PATCH subscription: stop it. */
export async function stopSubscription(key: string): Promise<SubscriptionChange> {
  return (await http.patch<SubscriptionChange>(API.subscription, undefined, { headers: idempotencyHeader(key) })).data;
}

export async function listInvoices(page: number, perPage: number): Promise<Paged<Invoice>> {
  const { data, headers } = await http.get<Invoice[]>(API.invoices, { query: { page, perPage } });
  return { rows: data, paging: pagingFromHeaders(headers) };
}

/** The invoice as a PDF blob, named by the server's content-disposition header. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
  const { data, headers } = await http.get<Blob>(apiPath(API.invoicePdf, { invoiceId: invoice.id }), {
    responseType: 'blob',
  });
  saveBlob(data, filenameFromDisposition(headers.get('content-disposition'), `invoice-${invoice.number}.pdf`));
}

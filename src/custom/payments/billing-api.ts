import { API, apiPath } from '../../domain/api-paths';
import { http } from '../../providers/http';
import { filenameFromDisposition, saveBlob } from '../../ui/download';

/**
 * Plans, the user's subscription and invoices (the product brief, section 7, Payments and
 * subscriptions): their shapes, and the PDF download. Reads and changes go through Refine
 * (billing-hooks.ts, use-paged-rows.ts).
 */

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

/** The invoice as a PDF blob, named by the server's content-disposition header. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
  const { data, headers } = await http.get<Blob>(apiPath(API.invoicePdf, { invoiceId: invoice.id }), {
    responseType: 'blob',
  });
  saveBlob(data, filenameFromDisposition(headers.get('content-disposition'), `invoice-${invoice.number}.pdf`));
}

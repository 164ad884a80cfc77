import { API_BASE_URL } from '../../../providers/http';

/**
 * stripe_connect (product brief section 7 "Business"): the business's connected payout account as
 * the API sends it. StripeConnectPage reads and changes it through Refine's data layer.
 */

export type ConnectStatus = 'none' | 'pending' | 'restricted' | 'enabled';

export interface ConnectAccount {
  accountId: string | null;
  status: ConnectStatus;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: string[];
  processor: 'local' | 'stripe' | string;
}

export interface ExternalAccount {
  id: string;
  bankName: string;
  last4: string;
  currency: string;
  isDefault: boolean;
}

export interface Balance {
  available: number;
  pending: number;
}

export interface Payout {
  id: string;
  amount: number;
  status: string;
  arrivalDate: string;
  createdAt: string;
}

/** A link the API answers with: an app path (local processor) is on the API's origin; Stripe's are whole. */
export const appUrl = (url: string) => (url.startsWith('/') ? `${API_BASE_URL}${url}` : url);

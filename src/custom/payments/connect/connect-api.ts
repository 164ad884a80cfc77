import { API } from '../../../domain/api-paths';
import { API_BASE_URL, http } from '../../../providers/http';
import { idempotencyHeader } from '../payments-api';

/** stripe_connect calls (product brief section 7 "Business"): the business's connected payout account. */

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

export async function accountStatus(userId: string): Promise<ConnectAccount> {
  return (await http.get<ConnectAccount>(API.accountStatus, { query: { userId } })).data;
}

export async function createConnectedAccount(key: string): Promise<ConnectAccount> {
  return (await http.post<ConnectAccount>(API.createConnectedAccount, undefined, { headers: idempotencyHeader(key) }))
    .data;
}

/** Where the owner enters business and bank details; an app path (local processor) or Stripe's page. */
export async function onboardingLink(userId: string): Promise<string> {
  const { url } = (await http.get<{ url: string }>(API.externalAccountLink, { query: { userId } })).data;
  return url.startsWith('/') ? `${API_BASE_URL}${url}` : url;
}

export async function externalAccounts(): Promise<ExternalAccount[]> {
  return (await http.get<ExternalAccount[]>(API.externalAccounts)).data;
}

export async function dashboardLink(): Promise<string> {
  const { url } = (await http.get<{ url: string }>(API.dashboardLink)).data;
  return url.startsWith('/') ? `${API_BASE_URL}${url}` : url;
}

export async function balances(): Promise<Balance> {
  return (await http.get<Balance>(API.balances)).data;
}

export async function listPayouts(): Promise<Payout[]> {
  return (await http.get<Payout[]>(API.payouts)).data;
}

export async function createPayout(amount: number, key: string): Promise<Payout> {
  return (await http.post<Payout>(API.payouts, { amount }, { headers: idempotencyHeader(key) })).data;
}

/** Shared pieces of the payment API tests: a valid add-card payload and a few calls. */
import { TEST_CARDS } from '../../../server/modules/payments/processors/test-cards';
import { API } from '../../../src/domain/api-paths';
import type { TestApp } from './app';

export const cardPayload = (over: Record<string, unknown> = {}) => ({
  checkDefaultPM: true,
  cardholderName: 'Ada Lovelace',
  number: TEST_CARDS.success,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  ...over,
});

export async function addCard(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  const res = await t.call({ method: 'POST', url: API.addPaymentMethod, token, payload: cardPayload(over) });
  if (res.statusCode !== 200) throw new Error(`add card failed: ${res.statusCode} ${res.body}`);
  return res.json().result as { id: string };
}

export async function planId(t: TestApp, token: string, name: 'Free' | 'Pro') {
  const res = await t.call({ method: 'GET', url: API.plansByRole, token });
  return (res.json().result as { id: string; name: string }[]).find((p) => p.name === name)!.id;
}

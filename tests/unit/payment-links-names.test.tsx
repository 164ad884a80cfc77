/**
 * The payment links table's row buttons say what they do and for which link, and a button that
 * shows words is named by those words first (axe's label-content-name-mismatch: a person using
 * voice control says what they see, "Copy link"). Its name was "Copy the link for …", which does
 * not hold "Copy link"; in Spanish "Copiar el enlace de …" did not hold "Copiar enlace".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import PaymentLinksPanel from '../../src/custom/payments/links/PaymentLinksPanel';
import { API } from '../../src/domain/api-paths';
import type { PaymentLink } from '../../src/custom/payments/links/links-api';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const LINK: PaymentLink = {
  id: 'l1',
  amount: 12_500,
  description: 'VIP booth deposit',
  status: 'active',
  token: 'tok',
  url: 'http://localhost/pay/tok',
  createdAt: '2026-11-02T15:00:00.000Z',
  paidAt: null,
  payment: null,
};

beforeAll(async () => {
  await initEnglish();
});
afterAll(() => switchLanguage('en'));

describe.each([
  ['en', 'Copy link', 'Copy link for VIP booth deposit', 'Open the pay page for VIP booth deposit'],
  ['es', 'Copiar enlace', 'Copiar enlace de VIP booth deposit', 'Abrir la página de pago de VIP booth deposit'],
] as const)('in %s', (language, shown, copyName, openName) => {
  it("names a row's buttons by the link, the copy button starting with the words it shows", async () => {
    await switchLanguage(language);
    stubFetch((url) => (url.pathname === API.paymentLinks ? jsonResponse(200, [LINK]) : jsonResponse(200, {})));
    renderInApp('/payment_links', <PaymentLinksPanel />, { user: storedUser({ roleName: 'CLUBOWNER' }) });

    const row = (await screen.findByText('VIP booth deposit')).closest('tr')!;
    const copy = within(row).getByRole('button', { name: copyName });
    expect(copy.textContent).toBe(shown);
    expect(copyName.startsWith(copy.textContent!)).toBe(true);
    // An icon alone: its name is all there is to say.
    expect(within(row).getByRole('link', { name: openName }).textContent).toBe('');
  });
});

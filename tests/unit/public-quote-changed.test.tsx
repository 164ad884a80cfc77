/**
 * The customer's quote page when the mover changed the quote while it was open: the Accept names
 * the version the page showed, the server's 409 is answered by showing the new version with a
 * notice that says what changed, in the page's language (Spanish here), and the next Accept names
 * the new version. The server's rule is tests/api/quotes-versions.test.ts; the journey in a
 * browser, tests/e2e/quotes.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import quotesEn from '../../src/custom/quotes/locales/en.json';
import quotesEs from '../../src/custom/quotes/locales/es.json';
import PublicQuotePage from '../../src/custom/quotes/PublicQuotePage';
import type { PublicQuote } from '../../src/custom/quotes/public-quote-api';
import { MESSAGES } from '../../src/domain/messages';
import { jsonResponse } from './helpers/fixtures';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'es',
    resources: { en: { translation: en, quotes: quotesEn }, es: { translation: es, quotes: quotesEs } },
    fallbackNS: ['quotes'],
    interpolation: { escapeValue: false },
  });
});

const read: PublicQuote = {
  number: 'Q-0007',
  businessName: 'Swift Movers',
  customerName: 'Lucía Cliente',
  moveDate: '2026-12-15',
  startTime: '09:00',
  timeZone: 'America/New_York',
  originAddress: '12 Elm St, Brooklyn, NY',
  destinationAddress: '400 Park Ave, New York, NY',
  pricingType: 'binding',
  priceCents: 90_000,
  hourlyRateCents: null,
  estimatedHours: 2,
  minimumHours: null,
  billedHours: null,
  subtotalCents: 90_000,
  taxRate: 0,
  taxCents: 0,
  totalCents: 90_000,
  crewSize: 2,
  truck: null,
  inventory: [{ item: 'Sofá', quantity: 1, cubicFeet: 45 }],
  notes: null,
  validUntil: '2026-12-10',
  status: 'sent',
  expired: false,
  contact: { email: 'mover@demo.test', phone: null },
  version: 'version-read',
};
const now: PublicQuote = {
  ...read,
  priceCents: 110_000,
  subtotalCents: 110_000,
  totalCents: 110_000,
  inventory: [...read.inventory, { item: 'Piano', quantity: 1, cubicFeet: 60 }],
  version: 'version-now',
};

describe('the customer’s page of a quote changed while it was open', () => {
  it('shows the new version and what changed, in the page’s language, and the next Accept names it', async () => {
    let shown = read;
    const answers: unknown[] = [];
    stubFetch(async (url, init) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { version: string };
        answers.push(body);
        if (body.version !== now.version) return jsonResponse(409, { message: MESSAGES.quoteChanged, errors: {} });
        return jsonResponse(200, { result: { ...now, status: 'accepted' } });
      }
      const answer = jsonResponse(200, { result: shown });
      // The mover saves the change once the customer's page has read the first version.
      shown = now;
      return answer;
    });
    renderInApp('/quote/abc', <PublicQuotePage />, { route: '/quote/:token' });
    expect((await screen.findByTestId('quote-total')).textContent).toBe('$900.00');

    fireEvent.click(screen.getByRole('button', { name: 'Aceptar el presupuesto' }));
    const notice = await screen.findByTestId('quote-changed');
    expect(notice.textContent).toContain('Este presupuesto cambió mientras lo leías');
    expect(notice.textContent).toContain('La empresa cambió este presupuesto después de que lo abrieras.');
    expect(notice.textContent).toContain('Cambió: el inventario y el precio.');
    expect(screen.getByTestId('quote-total').textContent).toBe('$1,100.00');
    expect(document.activeElement).toBe(notice);
    expect(answers).toEqual([{ version: 'version-read' }]);

    // By its text: once the page has drawn the new version, happy-dom's accessible-name reading no
    // longer matches this button by role (the browser file presses it by role).
    fireEvent.click(screen.getByText('Aceptar el presupuesto').closest('button')!);
    await screen.findByText(/Aceptaste este presupuesto/);
    expect(answers).toEqual([{ version: 'version-read' }, { version: 'version-now' }]);
    await waitFor(() => expect(screen.queryByTestId('quote-changed')).toBeNull());
  });
});

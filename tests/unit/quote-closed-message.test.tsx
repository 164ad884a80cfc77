/**
 * An answered quote is closed for good (docs/quotes.md: nothing reopens it), so its refusal and
 * its edit form say what the mover can do, make a new quote, not "reopen it" as a closed record
 * that can be reopened (a report) still says. A sent, paid or void invoice, which nothing reopens
 * either, says how to correct one (void it and make a new invoice).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MESSAGES } from '../../src/domain/messages';
import { closedForGood, lockedMessage, recordRuleErrors } from '../../src/domain/resources/record-rules';
import { resourceNamed } from '../../src/resources/registry';
import { ResourceEdit } from '../../src/resources/engine/ResourceForm';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import es from '../../public/locales/es/translation.json';

const quotes = resourceNamed('quotes')!;
const reports = resourceNamed('reports')!;
const ID = '0b7c1d2e-0000-4000-8000-000000000009';
const accepted = {
  id: ID,
  number: 'Q-0009',
  status: 'accepted',
  customerName: 'Robin Reader',
  customerEmail: 'robin@example.com',
  moveDate: '2026-12-14',
  startTime: '09:00',
  originAddress: '12 Elm St',
  destinationAddress: '400 Park Ave',
  pricingType: 'binding',
  priceCents: 90_000,
  estimatedHours: 2,
  crewSize: 2,
  taxRate: 0,
  inventory: [],
  validUntil: '2026-12-10',
  updatedAt: '2026-11-20T15:04:00.000Z',
};

beforeAll(async () => {
  await initEnglish();
});

describe('an answered quote says to make a new one', () => {
  it('on an edit or a delete, where a report that can be reopened still says to reopen it', () => {
    expect(MESSAGES.quoteClosed).toBe(
      'This quote has been answered and can no longer change: make a new quote instead',
    );
    expect(MESSAGES.quoteClosed).not.toMatch(/reopen/i);
    expect(recordRuleErrors(quotes, accepted, { ...accepted, priceCents: 1 }, ['priceCents'])).toEqual({
      priceCents: MESSAGES.quoteClosed,
    });
    expect(lockedMessage(quotes, { ...accepted, status: 'declined' })).toBe(MESSAGES.quoteClosed);
    expect(lockedMessage(reports, { status: 'closed' })).toBe(MESSAGES.recordLocked);
    expect((es as { messages: Record<string, string> }).messages.quoteClosed).toBe(
      'Este presupuesto ya fue respondido y no puede cambiar: haz un presupuesto nuevo',
    );
  });

  it('and a sent, paid or void invoice says how to correct one, in English and Spanish', () => {
    const invoices = resourceNamed('invoices')!;
    for (const status of ['sent', 'paid', 'void'])
      expect(lockedMessage(invoices, { status })).toBe(MESSAGES.invoiceClosed);
    expect(MESSAGES.invoiceClosed).not.toMatch(/reopen/i);
    expect((es as { messages: Record<string, string> }).messages.invoiceClosed).toBe(
      'Una factura enviada, pagada o anulada ya no puede cambiar: para corregir una enviada, anúlala y haz una factura nueva',
    );
  });

  it('on its edit form, opened from a link kept from before the answer', async () => {
    stubFetch((url) => jsonResponse(200, { result: url.pathname.endsWith('/options') ? [] : accepted }));
    renderInApp(`/quote_management/edit/${ID}`, <ResourceEdit resource={quotes} />, {
      route: '/quote_management/edit/:id',
      user: storedUser({ roleName: 'MOVER' }),
    });
    expect(await screen.findByText(MESSAGES.quoteClosed)).toBeTruthy();
    expect(screen.queryByText(/reopen/i)).toBeNull();
    // Nothing on it can change: no Save that could only be refused, a way back to the quote instead.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});

describe('a closed record offers Save only where something on its form can still change', () => {
  const invoice = {
    id: ID,
    number: 'INV-2026-0009',
    customerName: 'Robin Reader',
    customerEmail: 'robin@example.com',
    issueDate: '2026-11-20',
    dueDate: '2026-12-20',
    lines: [{ description: 'Packing', quantity: 1, unitPriceCents: 10_000, taxRate: 0 }],
    updatedAt: '2026-11-20T15:04:00.000Z',
  };

  it.each(['sent', 'paid', 'void'])(
    'a %s invoice: closed for good, its form says so and has no Save',
    async (status) => {
      const invoices = resourceNamed('invoices')!;
      expect(closedForGood(invoices, { status })).toBe(true);
      stubFetch((url) =>
        jsonResponse(200, { result: url.pathname.endsWith('/options') ? [] : { ...invoice, status } }),
      );
      renderInApp(`/invoice_management/edit/${ID}`, <ResourceEdit resource={invoices} />, {
        route: '/invoice_management/edit/:id',
        user: storedUser({ roleName: 'MOVER' }),
      });
      expect(await screen.findByText(MESSAGES.invoiceClosed)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    },
  );

  it('a draft invoice is open; a done ticket may be reopened from its form (Save stays), a closed report only by its action', () => {
    expect(closedForGood(resourceNamed('invoices')!, { status: 'draft' })).toBe(false);
    expect(closedForGood(resourceNamed('serviceTickets')!, { status: 'done' })).toBe(false);
    expect(closedForGood(reports, { status: 'closed' })).toBe(true);
    expect(closedForGood(quotes, { status: 'declined' })).toBe(true);
  });
});

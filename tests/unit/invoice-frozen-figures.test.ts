// @vitest-environment node
/**
 * An invoice's figures once it leaves draft (src/domain/invoices/totals.ts invoiceFigures): a
 * draft is computed from its lines on each read, a sent, paid or void invoice shows what was
 * stored when it left draft, whatever its lines would make today; and the tax of each rate, the
 * breakdown that is stored with them.
 */
import { describe, expect, it } from 'vitest';
import { computesLive, invoiceFigures, invoiceTotals, type InvoiceTotals } from '../../src/domain/invoices/totals';

const LINES = [
  { quantity: 2, unitPriceCents: 1000, taxRate: 8.875 },
  { quantity: 1, unitPriceCents: 333, taxRate: 5 },
  { quantity: 1, unitPriceCents: 500, taxRate: 0 },
];
/** Figures stored at sending that today's lines would no longer make (a rounding rule changed since). */
const STORED: InvoiceTotals = {
  subtotalCents: 2833,
  discountCents: 0,
  taxCents: 193,
  totalCents: 3026,
  taxes: [
    { rate: 5, taxCents: 16 },
    { rate: 8.875, taxCents: 177 },
  ],
  lines: [],
};

describe('the tax of each rate', () => {
  it('is rounded once per rate, listed lowest rate first, and adds up to the tax', () => {
    const totals = invoiceTotals(LINES, null);
    // 8.875 % of $20.00 = $1.775 → $1.78; 5 % of $3.33 = $0.1665 → $0.17; a 0 % line has none.
    expect(totals.taxes).toEqual([
      { rate: 5, taxCents: 17 },
      { rate: 8.875, taxCents: 178 },
    ]);
    expect(totals.taxCents).toBe(195);
    expect(invoiceTotals([], null).taxes).toEqual([]);
  });
});

describe('which figures an invoice shows', () => {
  it('computes a draft from its lines now, even with figures stored', () => {
    expect(computesLive('draft')).toBe(true);
    expect(invoiceFigures({ status: 'draft', lines: LINES }, STORED)).toEqual(invoiceTotals(LINES, null));
  });

  it('shows a sent, paid or void invoice as stored when it left draft, not as its lines compute today', () => {
    for (const status of ['sent', 'paid', 'void']) {
      expect(computesLive(status)).toBe(false);
      expect(invoiceFigures({ status, lines: LINES, discountPercent: 50 }, STORED)).toBe(STORED);
    }
  });

  it('computes a closed invoice with nothing stored (closed before the figures were kept) as a draft', () => {
    expect(invoiceFigures({ status: 'sent', lines: LINES, discountAmount: 100 }, null)).toEqual(
      invoiceTotals(LINES, { kind: 'amount', value: 100 }),
    );
  });
});

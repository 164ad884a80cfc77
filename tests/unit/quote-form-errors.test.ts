// @vitest-environment node
/**
 * The new-quote form shows every error at once (src/resources/engine/form-errors.ts): a field's
 * own rules and the record's rules across fields (the price a binding quote needs, a past move
 * date) together, not one round after another; and the form asks only for the money the pricing
 * uses (src/domain/quotes/pricing.ts unusedMoneyFields, TOTAL_NAME).
 */
import { describe, expect, it } from 'vitest';
import { PRICE_NAME, TOTAL_NAME, unusedMoneyFields } from '../../src/domain/quotes/pricing';
import { formErrors } from '../../src/resources/engine/form-errors';
import { toApiBody } from '../../src/resources/engine/form-values';
import { resourceNamed } from '../../src/resources/registry';
import { MESSAGES } from '../../src/domain/messages';

const quotes = resourceNamed('quotes')!;
const TODAY = '2026-11-29';

describe('quote form errors', () => {
  it('names every wrong field at once: its own rules and the rules across fields', () => {
    // What a hurried mover leaves: a one-letter name, no price for a binding quote, yesterday's move, no hours.
    const body = toApiBody(quotes, 'create', {
      customerName: 'A',
      customerEmail: 'casey@example.com',
      moveDate: '2026-11-28',
      startTime: '09:00',
      originAddress: '12 Elm St, Brooklyn',
      destinationAddress: '400 Park Ave, New York',
      pricingType: 'binding',
      crewSize: 2,
      validUntil: '2026-12-10',
    });
    const errors = formErrors(quotes, 'create', null, body, TODAY);
    expect(errors).toEqual({
      customerName: expect.any(String),
      estimatedHours: 'This field is required',
      priceCents: 'This field is required',
      moveDate: 'The move date cannot be in the past',
    });
  });

  it('keeps a field’s own message over a rule across fields, and has nothing to say of a right quote', () => {
    const right = {
      customerName: 'Casey Customer',
      customerEmail: 'casey@example.com',
      moveDate: '2026-12-02',
      startTime: '13:00',
      originAddress: '12 Elm St, Brooklyn',
      destinationAddress: '400 Park Ave, New York',
      pricingType: 'hourly',
      hourlyRateCents: 15_000,
      estimatedHours: 3,
      crewSize: 2,
      validUntil: '2026-12-10',
    };
    expect(formErrors(quotes, 'create', null, right, TODAY)).toEqual({});
    const wrong = formErrors(quotes, 'create', null, { ...right, moveDate: 'someday', hourlyRateCents: null }, TODAY);
    expect(wrong).toEqual({ moveDate: 'Enter a valid date', hourlyRateCents: 'This field is required' });
  });

  it('checks the tax rate as an invoice line’s: 0–100 with at most 3 decimals, one message, 0 allowed', () => {
    const right = {
      customerName: 'Casey Customer',
      customerEmail: 'casey@example.com',
      moveDate: '2026-12-02',
      startTime: '13:00',
      originAddress: '12 Elm St, Brooklyn',
      destinationAddress: '400 Park Ave, New York',
      pricingType: 'binding',
      priceCents: 123_456,
      estimatedHours: 3,
      crewSize: 2,
      validUntil: '2026-12-10',
    };
    for (const taxRate of [0, 8.875, 100])
      expect(formErrors(quotes, 'create', null, { ...right, taxRate }, TODAY)).toEqual({});
    const invoiceLine = resourceNamed('invoices')!.fields.lines!.lines!.fields.taxRate!;
    expect(quotes.fields.taxRate).toMatchObject({ type: invoiceLine.type, required: true });
    for (const taxRate of [101, -1, 8.8751]) {
      expect(formErrors(quotes, 'create', null, { ...right, taxRate }, TODAY), String(taxRate)).toEqual({
        taxRate: MESSAGES.percentInvalid,
      });
    }
  });

  it('asks only for the money the pricing uses, and names the total by it', () => {
    expect(unusedMoneyFields('binding')).toEqual(['hourlyRateCents', 'minimumHours']);
    expect(unusedMoneyFields('hourly')).toEqual(['priceCents']);
    expect(PRICE_NAME).toEqual({
      binding: 'fixedPrice',
      non_binding: 'estimatedPrice',
      not_to_exceed: 'maximumPrice',
      hourly: 'estimatedPrice',
    });
    expect(TOTAL_NAME).toEqual({
      binding: 'fixedTotal',
      non_binding: 'estimatedTotal',
      not_to_exceed: 'maximumTotal',
      hourly: 'estimatedTotal',
    });
  });
});

// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { trialRunning } from '../../src/domain/payments/free-trial';
import { orderTerms } from '../../src/domain/payments/order-terms';
import { requirementGroups } from '../../src/domain/payments/connect-requirements';
import { billingText, trialNote } from '../../src/custom/payments/checkout/order-terms-text';
import { initEnglish } from './helpers/i18n';

// Noon UTC, so MM/DD/YYYY is the same day in any test machine's time zone.
const NOW = Date.UTC(2026, 4, 1, 12);
const TRIAL_END = new Date(Date.UTC(2026, 5, 1, 12)).toISOString();

beforeAll(() => initEnglish());

describe('order terms (what is due today, when the plan is first charged)', () => {
  it('during a free trial nothing is due today and the first charge falls on the trial end', () => {
    expect(orderTerms(1400, TRIAL_END, NOW)).toEqual({ dueTodayCents: 0, monthlyCents: 1400, trialEndsAt: TRIAL_END });
  });

  it('with no trial, or one that ended, the price is due today', () => {
    expect(orderTerms(1400, null, NOW)).toEqual({ dueTodayCents: 1400, monthlyCents: 1400, trialEndsAt: null });
    expect(orderTerms(1400, new Date(NOW - 1).toISOString(), NOW).dueTodayCents).toBe(1400);
    expect(trialRunning(new Date(NOW), NOW)).toBe(false);
    expect(trialRunning('not a date', NOW)).toBe(false);
  });

  it('the review step says "Free until MM/DD/YYYY, then $14.00/month" and when the card is charged', () => {
    const t = i18n.t.bind(i18n);
    const terms = orderTerms(1400, TRIAL_END, NOW);
    expect(billingText(t, terms)).toBe('Free until 06/01/2026, then $14.00/month');
    expect(trialNote(t, terms)).toContain('Your card is first charged $14.00 on 06/01/2026');
    expect(billingText(t, orderTerms(0, TRIAL_END, NOW))).toBe(
      'Free trial until 06/01/2026, then this plan stays free',
    );
    expect(billingText(t, orderTerms(1400, null, NOW))).toBe('Monthly, renews automatically');
    expect(trialNote(t, orderTerms(1400, null, NOW))).toBeNull();
  });
});

describe('payout account requirements in words', () => {
  it("groups the processor's field names, once each, in the page's order; unknown ones as other details", () => {
    expect(requirementGroups(['business_profile', 'external_account', 'tos_acceptance'])).toEqual([
      'business_profile',
      'external_account',
      'tos_acceptance',
    ]);
    expect(
      requirementGroups([
        'tos_acceptance.date',
        'individual.dob.day',
        'individual.first_name',
        'person_1AbC.first_name',
        'directors.provided',
        'settings.payments.statement_descriptor',
      ]),
    ).toEqual(['individual', 'representative', 'owners', 'tos_acceptance', 'other']);
  });

  it('every group has a title and what to do, in English (and the key checks cover Spanish)', () => {
    for (const group of requirementGroups(['business_profile', 'business_type', 'company', 'x', 'owners'])) {
      expect(i18n.exists(`payments.connect.requirementGroups.${group}.title`)).toBe(true);
      expect(i18n.exists(`payments.connect.requirementGroups.${group}.action`)).toBe(true);
    }
  });
});

// @vitest-environment node
/**
 * The server's one reader of the screens' translations (server/i18n) and the one "is this still
 * the seeded text?" check (src/domain/resources/seeded.ts) that the screens and the CSV export share.
 */
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { t, translationOf } from '../../server/i18n';
import { seededEntries, seededKey } from '../../src/domain/resources/seeded';
import { SEEDED_PLAN_DESCRIPTION, SEEDED_PLAN_DESCRIPTIONS, SEEDED_PLAN_NAME } from '../../src/domain/plan-texts';
import { BUILT_IN_ROLE_DESCRIPTIONS } from '../../src/domain/roles';

describe('server translations', () => {
  it('reads a dotted key in each language, as the screens do', () => {
    expect(t('en', 'planNames.Free')).toBe(en.planNames.Free);
    expect(t('es', 'planNames.Free')).toBe(es.planNames.Free);
    expect(t('es', 'reports.csv.date')).toBe(es.reports.csv.date);
  });

  it('fills {{placeholders}} from vars, and leaves a template alone without them', () => {
    expect(t('en', 'reports.pdf.page', { page: 2, count: 5 })).toBe('Page 2 of 5');
    expect(t('en', 'reports.pdf.page')).toBe(en.reports.pdf.page);
  });

  it('answers undefined for a group or a missing key, so the caller picks what stands in', () => {
    expect(t('es', 'planNames')).toBeUndefined();
    expect(t('es', 'planNames.Gold')).toBeUndefined();
    expect(t('en', 'no.such.key')).toBeUndefined();
  });

  it("hands a whole language to a caller that reads a group (a report's columns)", () => {
    expect(translationOf('es').reports.csv).toEqual(es.reports.csv);
  });
});

describe('seededKey', () => {
  const free = { name: 'Free', description: SEEDED_PLAN_DESCRIPTIONS.Free };

  it("names the translation while the row's value is still the seeded text", () => {
    expect(seededKey(SEEDED_PLAN_NAME, 'Free', free)).toEqual({ key: 'planNames.Free', text: 'Free' });
    expect(seededKey(SEEDED_PLAN_DESCRIPTION, free.description, free)).toEqual({
      key: 'planDescriptions.Free',
      text: SEEDED_PLAN_DESCRIPTIONS.Free,
    });
  });

  it('is null for a value someone typed, a row the product did not seed, or no declaration', () => {
    expect(seededKey(SEEDED_PLAN_DESCRIPTION, 'Typed by hand', free)).toBeNull();
    expect(seededKey(SEEDED_PLAN_NAME, 'Gold', { name: 'Gold' })).toBeNull();
    // Another seeded plan's text is not this row's.
    expect(seededKey(SEEDED_PLAN_DESCRIPTION, SEEDED_PLAN_DESCRIPTIONS.Pro, free)).toBeNull();
    // Inherited names are not seeded rows.
    expect(seededKey(SEEDED_PLAN_NAME, 'toString', { name: 'toString' })).toBeNull();
    expect(seededKey(undefined, 'Free', free)).toBeNull();
    expect(seededKey(SEEDED_PLAN_NAME, 'Free', undefined)).toBeNull();
  });

  it("reads the row's `by` field, not the value (a built-in role's description, by its name)", () => {
    const roles = { by: 'name', texts: BUILT_IN_ROLE_DESCRIPTIONS, key: 'roleDescriptions' };
    expect(seededKey(roles, BUILT_IN_ROLE_DESCRIPTIONS.IT, { name: 'IT' })?.key).toBe('roleDescriptions.IT');
    expect(seededKey(roles, BUILT_IN_ROLE_DESCRIPTIONS.IT, { name: 7 })).toBeNull();
  });

  it('lists every seeded text with the key seededKey names it by (what the list search looks up)', () => {
    expect(seededEntries(SEEDED_PLAN_NAME)).toEqual([
      { by: 'Free', text: 'Free', key: 'planNames.Free' },
      { by: 'Pro', text: 'Pro', key: 'planNames.Pro' },
    ]);
    for (const { by, text, key } of seededEntries(SEEDED_PLAN_DESCRIPTION))
      expect(seededKey(SEEDED_PLAN_DESCRIPTION, text, { name: by })?.key).toBe(key);
  });
});

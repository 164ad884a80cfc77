// @vitest-environment node
/** A plan card's limits (settings, Plan and subscription): each count in its plural form, en-US digits, en and es. */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../src/custom/payments/locales/en.json';
import es from '../../src/custom/payments/locales/es.json';
import { planLimitsText } from '../../src/custom/payments/settings/plan-limits';

async function tIn(lng: 'en' | 'es') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: lng === 'en' ? en : es } } });
  return i18n.t;
}

describe('planLimitsText', () => {
  it('says one document and one page in the singular, more in the plural (en)', async () => {
    const t = await tIn('en');
    expect(planLimitsText(t, { quota: 1, pagesPerPdf: 1 })).toBe('1 document · 1 page per PDF');
    expect(planLimitsText(t, { quota: 0, pagesPerPdf: 5 })).toBe('0 documents · 5 pages per PDF');
    expect(planLimitsText(t, { quota: 100_000, pagesPerPdf: 10_000 })).toBe('100,000 documents · 10,000 pages per PDF');
  });

  it('says the same in Spanish, with the en-US digits of every amount', async () => {
    const t = await tIn('es');
    expect(planLimitsText(t, { quota: 1, pagesPerPdf: 1 })).toBe('1 documento · 1 página por PDF');
    expect(planLimitsText(t, { quota: 50, pagesPerPdf: 25 })).toBe('50 documentos · 25 páginas por PDF');
    expect(planLimitsText(t, { quota: 100_000, pagesPerPdf: 2 })).toBe('100,000 documentos · 2 páginas por PDF');
  });
});

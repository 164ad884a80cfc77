// @vitest-environment node
/**
 * A declared money field (typed in dollars, kept in cents: a venue's cover charge) is refused in
 * the money the person typed: its limits in dollars ("Must be at most $100,000.00", not the
 * cents' 10000000) and a third decimal with the refund form's words for it, not "Must be a whole
 * number", by the one rule the form and the server share (valueSchema), in English and Spanish.
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { translateMessage } from '../../src/providers/i18n/translate-message';
import { resourceNamed } from '../../src/resources/registry';
import { toApiBody } from '../../src/resources/engine/form-values';

const venues = resourceNamed('venues')!;
/** The cover charge's refusal when `dollars` is typed (as the form sends it: in cents). */
const refusal = (dollars: number) => {
  const checked = validateRecord(venues, 'update', toApiBody(venues, 'update', { coverCharge: dollars }, {}));
  return checked.ok ? null : checked.errors.coverCharge;
};

describe('a money field’s refusals', () => {
  it('say its limits in dollars and ask for dollars and cents; an amount in cents passes', () => {
    expect(refusal(200_000)).toBe('Must be at most $100,000.00');
    expect(refusal(-5)).toBe('Must be at least $0.00');
    expect(refusal(12.345)).toBe('Enter an amount in dollars and cents, such as 12.50');
    expect(refusal(12.34)).toBeNull();
  });

  it('read in Spanish with the amount as typed', async () => {
    await i18n.init({ lng: 'es', resources: { en: { translation: en }, es: { translation: es } } });
    expect(translateMessage(i18n.t, refusal(200_000)!)).toBe('Debe ser como máximo $100,000.00');
    expect(translateMessage(i18n.t, refusal(12.345)!)).toBe('Ingrese un importe en dólares y centavos, como 12.50');
  });
});

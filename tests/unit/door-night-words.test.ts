/**
 * The door's "another night" refusal in Spanish takes the article of its clock hour ("desde la
 * 1:00 AM", "desde las 8:00 PM"): DoorResultPanel passes the hour as i18next's count.
 */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import es from '../../src/custom/reservations/locales/es.json';
import en from '../../src/custom/reservations/locales/en.json';

const tFor = async (lng: 'en' | 'es') => {
  const i18n = createInstance();
  await i18n.init({
    lng,
    resources: { en: { reservations: en }, es: { reservations: es } },
    defaultNS: 'reservations',
    interpolation: { escapeValue: false },
  });
  return (time: string) =>
    i18n.t('door.reasons.wrongNight', { weekday: 'viernes', date: '11/27/2026', time, count: parseInt(time, 10) });
};

describe("the door's wrong-night refusal", () => {
  it('says "la" for one o\'clock and "las" for the other hours in Spanish', async () => {
    const t = await tFor('es');
    expect(t('1:00 AM')).toBe('Este pase es para la noche del viernes 11/27/2026, desde la 1:00 AM');
    expect(t('8:00 PM')).toBe('Este pase es para la noche del viernes 11/27/2026, desde las 8:00 PM');
    expect(t('12:30 AM')).toContain('desde las 12:30 AM');
  });

  it('reads the same for every hour in English', async () => {
    const t = await tFor('en');
    expect(t('1:00 AM')).toBe('This pass is for viernes night, 11/27/2026, from 1:00 AM');
  });
});

// @vitest-environment node
/**
 * The language and the times of a mail: Accept-Language read by q-value then order, by primary
 * tag, English when no supported language is asked for; times as the screens show them (h:mm A,
 * MM/DD/YYYY, the weekday in the mail's language, the zone named).
 */
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, mailLocale } from '../../src/domain/email-templates/locale';
import { clockTime, mailWhen } from '../../src/domain/email-templates/mail-time';

describe('a mail’s language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.5', 'es'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr,es;q=0.8,en;q=0.7', 'es'],
    ['en;q=0.4,es;q=0.6', 'es'],
    ['es;q=0,en', 'en'],
    ['ES-es', 'es'],
    ['*', 'en'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
  ])('%j → %s', (header, expected) => expect(localeFromAcceptLanguage(header)).toBe(expected));

  it('keeps a stored en or es, anything else is English', () => {
    expect([mailLocale('es'), mailLocale('en'), mailLocale('fr'), mailLocale(null)]).toEqual(['es', 'en', 'en', 'en']);
  });
});

describe('times in mails', () => {
  it.each([
    ['09:00', '9:00 AM'],
    ['00:05', '12:05 AM'],
    ['12:00', '12:00 PM'],
    ['13:30', '1:30 PM'],
    ['23:59:00', '11:59 PM'],
    ['24:00', '24:00'],
    ['soon', 'soon'],
  ])('%s → %s', (stored, shown) => expect(clockTime(stored)).toBe(shown));

  it('read the business’s clock, the weekday in the mail’s language', () => {
    const at = new Date('2028-01-14T14:00:00Z');
    expect(mailWhen(at, 'America/New_York', 'en')).toBe('Friday, 01/14/2028, 9:00 AM EST');
    expect(mailWhen(at, 'America/New_York', 'es')).toBe('viernes, 01/14/2028, 9:00 AM EST');
    expect(mailWhen(at, 'America/Los_Angeles', 'en', { zone: false })).toBe('Friday, 01/14/2028, 6:00 AM');
    expect(mailWhen(new Date('2026-07-04T23:30:00Z'), 'America/New_York', 'en', { weekday: false })).toBe(
      '07/04/2026, 7:30 PM EDT',
    );
  });
});

/**
 * The language a mail is written in: an account's stored language, or — for a customer or guest
 * without an account — the language of the page the request came from. The app sends its UI
 * language as Accept-Language on every call (src/providers/http/client.ts); a browser's own
 * header is the next best guess; anything else is English, the product's default language.
 */
import { PLATFORM_MAIL_LOCALES, type PlatformMailLocale } from './kinds';

export const isMailLocale = (value: unknown): value is PlatformMailLocale =>
  typeof value === 'string' && (PLATFORM_MAIL_LOCALES as readonly string[]).includes(value);

/** A stored or sent language, English unless it is one the mails are written in. */
export const mailLocale = (value: unknown): PlatformMailLocale => (isMailLocale(value) ? value : 'en');

/**
 * The first language of an Accept-Language header (RFC 9110: by q-value, then by order) that the
 * mails are written in, by its primary tag ('es-MX' is Spanish); English when none is.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): PlatformMailLocale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), order };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((l) => l.primary).find(isMailLocale) ?? 'en';
}

// @vitest-environment node
/**
 * The Facebook Page screen in Spanish speaks to the reader as the rest of the app does (tú:
 * "Tu cuenta", "Elige", "Inténtalo"), in its own texts and in the server's Facebook messages it
 * shows; it once said "Su cuenta", "Elija", "Inténtelo", "Conecte" (usted).
 */
import { describe, expect, it } from 'vitest';
import es from '../../public/locales/es/translation.json';
import facebookEs from '../../src/custom/facebook/locales/es.json';

/** Every string of a nested locale object. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const USTED = /\b(su|Su|sus|Sus|usted|Elija|Inténtelo|Vuelva|Conecte|Escriba|Cree|Quite|Inicie|Permita|lo devuelve)\b/;

describe('the Facebook Page screen in Spanish', () => {
  const messages = Object.entries(es.messages as Record<string, string>)
    .filter(([code]) => code.startsWith('facebook'))
    .map(([, text]) => text);
  const texts = [...messages, ...strings(facebookEs)];

  it('has its texts and its server messages to check', () => {
    expect(messages.length).toBeGreaterThan(10);
    expect(facebookEs.facebook.connected).toBe('Tu cuenta de Facebook está conectada.');
  });

  it('speaks as tú, as the rest of the app', () => {
    expect(texts.filter((text) => USTED.test(text))).toEqual([]);
  });
});

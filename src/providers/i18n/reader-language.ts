import { useTranslation } from 'react-i18next';

/**
 * Refine `meta` for a read whose answer depends on the reader's language, else none. A search
 * the server matches in the reader's words (a seeded plan name found as "Gratuito", a
 * notification's translated text) answers differently in another language, and the HTTP client
 * sends the language as Accept-Language, which Refine's query key does not see: with the language
 * in `meta` (part of the key) switching it reads such a list again. Only such reads carry it, so a
 * list that reads the same in every language is not fetched again on a switch.
 */
export function useReaderLanguageMeta(dependsOnLanguage: boolean): { readerLanguage: string } | undefined {
  // useTranslation draws the caller again on a switch; i18n.ts has <html lang> (what the client sends) set by then.
  const { i18n } = useTranslation();
  return dependsOnLanguage ? { readerLanguage: i18n.language } : undefined;
}

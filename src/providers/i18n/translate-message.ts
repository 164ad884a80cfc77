import i18n, { type TFunction } from 'i18next';
import { HTTP_MESSAGES } from '../../domain/http-messages';
import { messageMatcher, type MessageMatch } from '../../domain/message-match';
import { DEFAULT_LANGUAGE } from './i18n';

/**
 * Recognises the shared MESSAGES (src/domain/messages.ts) by the English texts of the loaded
 * translations (`messages.<code>` in public/locales/en, which tests/unit/translations.test.ts holds
 * equal to the catalogue; English is loaded in every language, as the fallback), plus the texts the
 * HTTP client writes itself, the brief's Spanish one among them. So the screens translate any
 * server message without loading the ~10 KB gzip catalogue into the first load.
 */
let matcher: { bundle: unknown; match: (text: string) => MessageMatch | null } | null = null;

function matchMessage(text: string): MessageMatch | null {
  const bundle: unknown = i18n.getResourceBundle?.(DEFAULT_LANGUAGE, 'translation');
  if (!matcher || matcher.bundle !== bundle) {
    const english = (bundle as { messages?: Record<string, string> } | undefined)?.messages ?? {};
    matcher = { bundle, match: messageMatcher({ ...english, ...HTTP_MESSAGES }) };
  }
  return matcher.match(text);
}

/**
 * Shows a server or validation message in the user's language when it is one of the shared
 * MESSAGES; free text composed by the server is shown as it came. A parameter that is itself a
 * catalogue message is translated too ("Line 6: </mj-colum> closes nothing" is one message inside
 * another); any other parameter (a name, an address, a number) is put in as it came.
 */
export function translateMessage(t: TFunction, text: string): string {
  const known = matchMessage(text);
  if (!known) return text;
  const params = Object.fromEntries(
    Object.entries(known.params).map(([name, value]) => {
      const inner = matchMessage(value);
      return [name, inner ? t(`messages.${inner.code}`, inner.params) : value];
    }),
  );
  return t(`messages.${known.code}`, params);
}

/** Field errors from zod or from the server's `errors`, translated. */
export function translateFieldErrors(t: TFunction, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, translateMessage(t, text)]));
}

/** A failed call's message in the user's language; anything that is not an Error reads as the generic one. */
export function errorText(t: TFunction, error: unknown): string {
  return translateMessage(t, error instanceof Error ? error.message : HTTP_MESSAGES.genericError);
}

import type { TFunction } from 'i18next';
import { MESSAGES, matchMessage } from '../../domain/messages';

/**
 * Shows a server or validation message in the user's language when it is one of the shared
 * MESSAGES (src/domain/messages.ts); free text composed by the server is shown as it came.
 */
export function translateMessage(t: TFunction, text: string): string {
  const known = matchMessage(text);
  return known ? t(`messages.${known.code}`, known.params) : text;
}

/** Field errors from zod or from the server's `errors`, translated. */
export function translateFieldErrors(t: TFunction, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, translateMessage(t, text)]));
}

/** A failed call's message in the user's language; anything that is not an Error reads as the generic one. */
export function errorText(t: TFunction, error: unknown): string {
  return translateMessage(t, error instanceof Error ? error.message : MESSAGES.genericError);
}

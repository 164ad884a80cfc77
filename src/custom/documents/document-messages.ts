import type { TFunction } from 'i18next';
import { DOCUMENT, DOCUMENT_MESSAGES } from '../../domain/documents/documents';
import { counted } from '../../ui/counted';
import { planName } from '../../ui/plan-text';
import { translateMessage } from '../../providers/i18n/translate-message';

/** The server's document texts that have a translation (the others are internal and stay as sent). */
const TRANSLATED = [
  'questionTooLong',
  'notReady',
  'notFound',
  'failed',
  'chatUnavailable',
  'empty',
  'notPdf',
  'tooLarge',
  'encrypted',
  'broken',
  'noPages',
  'tooSlow',
  'tooMuchText',
  'tooManyPages',
  'noneReady',
  'duplicate',
] as const satisfies readonly (keyof typeof DOCUMENT_MESSAGES)[];

const PAGES_LIMIT = /^The (.+) plan supports up to (\d+) pages? per PDF$/;
const QUOTA = /^The (.+) plan allows (\d+) document uploads? per month; the quota renews on the 1st$/;
/** duplicateText (src/domain/documents/documents.ts): the copy's name. */
export const COPY_OF = /^The same PDF is already here as “(.+)”$/;

/**
 * A document refusal or failure in the reader's language: the shared texts of
 * src/domain/documents/documents.ts (the server's words, the same rules) by their key, the plan
 * limits by their pattern; anything else through the app's shared messages, else as it came.
 */
export function documentMessage(t: TFunction, text: string): string {
  const key = TRANSLATED.find((k) => DOCUMENT_MESSAGES[k] === text);
  if (key) return t(`documents.messages.${key}`, { max: DOCUMENT.questionMax, mb: DOCUMENT.maxBytes / 1024 / 1024 });
  const pages = PAGES_LIMIT.exec(text);
  if (pages) return t('documents.messages.pagesLimit', { plan: planName(t, pages[1]!), ...counted(Number(pages[2])) });
  const quota = QUOTA.exec(text);
  if (quota) return t('documents.messages.quota', { plan: planName(t, quota[1]!), ...counted(Number(quota[2])) });
  const copy = COPY_OF.exec(text);
  if (copy) return t('documents.messages.copyOf', { name: copy[1] });
  return translateMessage(t, text);
}

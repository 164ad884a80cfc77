/**
 * A system notification's words on the server: the English text stored with its codes (the
 * fallback every client without the translations shows) and the web push, which the server
 * writes itself, in the recipient's language. The texts are the screens' own
 * (public/locales/<lng>/translation.json, `messages.*`, read by server/i18n; English held equal
 * to MESSAGES by tests/unit/translations.test.ts), so a push reads as the bell does.
 */
import { formatMessage, MESSAGES, type MessageCode } from '../../../src/domain/messages';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { noticeParamTexts, SYSTEM_NOTICES, type SystemNotice } from '../../../src/domain/notification-notices';
import type { NoticeParams } from '../../../src/domain/notification-wire';
import { t } from '../../i18n';
import type { notifications } from '../../db/schema';

const isCode = (key: string): key is MessageCode => Object.hasOwn(MESSAGES, key);

/** What a system notification stores: its codes, their parameters and its English text. */
export function noticeRow(notice: SystemNotice, params: NoticeParams = {}) {
  const { title, message } = SYSTEM_NOTICES[notice];
  const texts = noticeParamTexts(params);
  return {
    title: formatMessage(title, texts),
    message: formatMessage(message, texts),
    titleKey: title,
    messageKey: message,
    params: Object.keys(params).length ? params : null,
  };
}

/** A code's template in a language other than English, or null when it has none there. */
export function templateIn(locale: Exclude<PlatformMailLocale, 'en'>, key: MessageCode): string | null {
  return t(locale, `messages.${key}`) ?? null;
}

/** One code's text in a language, or null when it has none there (the stored text is used). */
function textIn(locale: PlatformMailLocale, key: string | null, params: NoticeParams | null): string | null {
  if (!key || !isCode(key)) return null;
  const texts = noticeParamTexts(params);
  if (locale === 'en') return formatMessage(key, texts);
  return t(locale, `messages.${key}`, texts) ?? null;
}

/** A notification's title and message in the recipient's language; an announcement as it was typed. */
export function wordsIn(
  locale: PlatformMailLocale,
  n: Pick<typeof notifications.$inferSelect, 'title' | 'message' | 'titleKey' | 'messageKey' | 'params'>,
) {
  return {
    title: textIn(locale, n.titleKey, n.params) ?? n.title,
    message: textIn(locale, n.messageKey, n.params) ?? n.message,
  };
}

/**
 * The notifications the system writes, each a title and a message of the shared catalogue
 * (MESSAGES, `messages.<code>` in both translations), so every reader sees them in their own
 * language (src/domain/notification-wire.ts). A module that tells someone something adds its
 * texts to MESSAGES and both translations, names the pair here and calls createNotification
 * with the name (docs/architecture.md, "Notifications the system writes").
 *
 * Also how a notice's parameters are written, the same on both sides: the server's English (and
 * web push) text, the screens in any language (en-US dates, times and money in every language).
 * No zod and no catalogue here: the bell, in the signed-in first load, imports it.
 */
import type { MessageCode } from './messages';
import { formatUsd } from './money';
import type { NoticeParam } from './notification-wire';
import { clockTime, dateText, formatZonedDateTime } from './venue/zoned-format';

export const SYSTEM_NOTICES = {
  accountVerified: { title: 'accountVerifiedTitle', message: 'accountVerifiedMessage' },
  accountWaiting: { title: 'accountWaitingTitle', message: 'accountWaitingMessage' },
  domainVerified: { title: 'domainVerifiedTitle', message: 'domainVerifiedMessage' },
  domainBroken: { title: 'domainBrokenTitle', message: 'domainBrokenMessage' },
  chatWaiting: { title: 'chatWaitingTitle', message: 'chatWaitingMessage' },
  chatWaitingAnonymous: { title: 'chatWaitingTitle', message: 'chatWaitingAnonymousMessage' },
  supportChatWaiting: { title: 'supportChatWaitingTitle', message: 'supportChatWaitingMessage' },
  supportReply: { title: 'supportReplyTitle', message: 'supportReplyMessage' },
  formSubmission: { title: 'formSubmissionTitle', message: 'formSubmissionMessage' },
  quoteAccepted: { title: 'quoteAcceptedTitle', message: 'quoteAcceptedMessage' },
  quoteDeclined: { title: 'quoteDeclinedTitle', message: 'quoteDeclinedMessage' },
  quoteAcceptFailed: { title: 'quoteAcceptFailedTitle', message: 'quoteAcceptFailedMessage' },
  // The demo's (server/seed/notifications-demo.ts).
  welcomeUser: { title: 'welcomeTitle', message: 'welcomeUserMessage' },
  welcomeVenue: { title: 'welcomeTitle', message: 'welcomeVenueMessage' },
  trialStarted: { title: 'trialStartedTitle', message: 'trialStartedMessage' },
  payoutsSetup: { title: 'payoutsSetupTitle', message: 'payoutsSetupMessage' },
  newReservation: { title: 'newReservationTitle', message: 'newReservationMessage' },
} as const satisfies Record<string, { title: MessageCode; message: MessageCode }>;

export type SystemNotice = keyof typeof SYSTEM_NOTICES;

/** How an instant on a business's clock is written; the screens add the zone's name where it is not the reader's. */
export type MomentWriter = (at: string, zone: string) => string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * One parameter as text. Defensive: a value from an older or newer server that is none of the
 * known kinds is written as it reads rather than failing the list it is in.
 */
export function noticeParamText(value: NoticeParam, moment: MomentWriter = formatZonedDateTime): string {
  if (typeof value !== 'object' || value === null) return String(value);
  if ('date' in value) {
    const day = DAY.exec(value.date);
    return day ? dateText(Number(day[1]), Number(day[2]), Number(day[3])) : value.date;
  }
  if ('time' in value) return clockTime(value.time);
  if ('at' in value) return moment(value.at, value.zone) || value.at;
  if ('cents' in value) return formatUsd(value.cents);
  return JSON.stringify(value);
}

/** Every parameter as text, for i18next or formatMessage. */
export function noticeParamTexts(
  params: Record<string, NoticeParam> | null | undefined,
  moment?: MomentWriter,
): Record<string, string> {
  return Object.fromEntries(Object.entries(params ?? {}).map(([name, v]) => [name, noticeParamText(v, moment)]));
}

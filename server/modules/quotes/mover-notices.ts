/**
 * What the business's movers are told of their customers' answers (the bell and its web push), in
 * each mover's own language: the one their account chose in the app (users.language), as the
 * platform's mails to an account follow it (server/modules/email-templates, docs/email-templates.md).
 * Dates and times as the screens write them in both languages (MM/DD/YYYY, h:mm AM).
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';

export interface QuoteNotice {
  title: string;
  message: string;
}

/** The quote and its move as the notices name them, already written as the screens write them. */
export interface NoticeFacts {
  number: string;
  customer: string;
  /** MM/DD/YYYY. */
  moveDate: string;
  /** h:mm AM. */
  startTime: string;
}

const WORDS = {
  en: {
    accepted: (q: NoticeFacts, invoice: string): QuoteNotice => ({
      title: `Quote ${q.number} accepted`,
      message: `${q.customer} accepted quote ${q.number} for the move on ${q.moveDate} at ${q.startTime}. The move is booked and invoice ${invoice} was created as a draft.`,
    }),
    declined: (q: NoticeFacts): QuoteNotice => ({
      title: `Quote ${q.number} declined`,
      message: `${q.customer} declined quote ${q.number} for the move on ${q.moveDate}.`,
    }),
    acceptFailed: (q: NoticeFacts, triedAt: string, move: string): QuoteNotice => ({
      title: `Quote ${q.number}: the customer could not accept`,
      message: `${q.customer} tried to accept quote ${q.number} on ${triedAt}, but its move (${move}) can no longer be booked. Change its date or time, then tell the customer.`,
    }),
  },
  es: {
    accepted: (q: NoticeFacts, invoice: string): QuoteNotice => ({
      title: `Presupuesto ${q.number} aceptado`,
      message: `${q.customer} aceptó el presupuesto ${q.number} para la mudanza del ${q.moveDate} a las ${q.startTime}. La mudanza está reservada y se creó la factura ${invoice} como borrador.`,
    }),
    declined: (q: NoticeFacts): QuoteNotice => ({
      title: `Presupuesto ${q.number} rechazado`,
      message: `${q.customer} rechazó el presupuesto ${q.number} para la mudanza del ${q.moveDate}.`,
    }),
    acceptFailed: (q: NoticeFacts, triedAt: string, move: string): QuoteNotice => ({
      title: `Presupuesto ${q.number}: el cliente no pudo aceptarlo`,
      message: `${q.customer} intentó aceptar el presupuesto ${q.number} el ${triedAt}, pero su mudanza (${move}) ya no se puede reservar. Cambia su fecha u hora y avisa al cliente.`,
    }),
  },
} satisfies Record<PlatformMailLocale, unknown>;

/** The words of one notice, for one recipient's language. */
export type NoticeOf = (words: (typeof WORDS)['en']) => QuoteNotice;

export const noticeIn = (locale: PlatformMailLocale, notice: NoticeOf): QuoteNotice => notice(WORDS[locale]);

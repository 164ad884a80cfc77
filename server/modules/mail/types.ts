/** What the rest of the server sees of mail: one adapter, whichever driver is behind it. */
import type { DbOrTx } from '../../db/client';
import type { StoredAttachment } from './tables';
export type { StoredAttachment } from './tables';
/** A file sent with a message (e.g. a booking's .ics). `content`: the bytes, or them in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

/** A text message: `to` is `sms:` and the number. */
export interface TextMessage {
  to: string;
  text: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The business the mail is from (a guest's reservation, a ticket, a quote…): it goes out from
   * that business's default sender when it has a usable one. Absent: the platform's own mail
   * (password recovery, profile changes), from MAIL_FROM.
   */
  businessId?: string;
  /**
   * Extra header lines (a campaign's List-Unsubscribe pair, its recipient reference). A prepared
   * one goes out as written (nodemailer would MIME-encode a long unspaced value such as JSON).
   */
  headers?: Record<string, string | { prepared: true; value: string }>;
}

/** What nodemailer's `dkim` option takes: the sender's domain, its selector and its private key (PEM). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** A business's default sender, as the domains module resolves it for the mail layer. */
export interface BusinessSender {
  name: string;
  address: string;
  replyTo: string | null;
  /** The sender's domain is a verified domain of that business: its key signs the mail. */
  dkim: DkimKey | null;
}

/**
 * Resolves a business's usable default sender, or null (none, not verified): injected by
 * server/app.ts so the mail module never reads the domains module's tables.
 */
export type SenderResolver = (businessId: string) => Promise<BusinessSender | null>;

/** The outbox's form of a message's attachments (null when it has none). */
export const storedAttachments = (message: MailMessage): StoredAttachment[] | null =>
  message.attachments?.length
    ? message.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: typeof a.content === 'string' ? a.content : a.content.toString('base64'),
      }))
    : null;

/** Messages written to the outbox inside a caller's transaction (batch.ts). */
export interface RecordedBatch {
  /** The outbox rows' ids, in the order of the messages. */
  ids: string[];
  /** SMTP: hands the messages to the server once the caller's transaction committed. Outbox: nothing to do. */
  deliver(): Promise<void>;
}

/** A business's mail from one of its senders, composed and recorded in batches (a campaign's send). */
export interface MailBatch {
  /** The From address the batch goes out with. */
  readonly fromAddress: string;
  /** `rowIds`: the outbox rows' ids (a campaign's recipient ids: a second row for one fails the key). */
  record(tx: DbOrTx, messages: MailMessage[], rowIds?: string[]): Promise<RecordedBatch>;
}

export interface MailAdapter {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /**
   * A writer of this business's mail From `sender` (null: the platform's MAIL_FROM) whose
   * outbox rows go in the caller's transaction: a row is written exactly when the caller's own
   * change commits. Resolve it before the transaction (it reads the DKIM key).
   */
  batch(businessId: string, sender: BusinessSender | null): MailBatch;
  /**
   * A text message (SMS, e.g. a phone change code). No SMS gateway is configured, whatever the
   * mail transport: it is recorded in the outbox and the log only, where the demo reads it.
   */
  recordText(message: TextMessage, at: Date): Promise<void>;
  /**
   * The address a mail of this business (none: the platform's) goes out From, as send() would
   * write it: a booking's .ics names it as its organizer, so a reply to the invitation reaches
   * the address the mail came from.
   */
  fromFor(businessId?: string): Promise<string>;
  /**
   * The business's default sender as send() resolves it (the domains module's senderFor, wired in
   * server/app.ts), or null without one: an email template's checks read it (a sender whose
   * domain is not verified), so that module asks the mail set-up rather than the domains module.
   */
  senderOf(businessId: string): Promise<BusinessSender | null>;
  /**
   * SMTP: one pass of the delivery worker (worker.ts) — claims up to `limit` rows that are due
   * (a retry's back-off, a batch row its writer never delivered, a dead attempt's lease ran out),
   * tries each once and records how it went; answers how many it took. Outbox: nothing is owed.
   */
  deliverDue(limit?: number): Promise<number>;
  /** Round-trip check for the status page; null when there is nothing to reach. */
  verify(): Promise<boolean | null>;
}

export type MailLog = (line: string) => void;

/**
 * The status page's "Recent mail" (docs/email-domains.md: the outbox shows the signed headers),
 * written once: GET /api/AdminAccount/mail answers the latest outbox messages, newest first and
 * paged, through these shapes; src/custom/admin reads their output types.
 *
 * What an administrator sees of a message: when, to, from, subject, how it went (transport and
 * delivery) and its header block as stored, with the DKIM signer read from it. Never its body:
 * the bodies carry other people's sign-in, recovery and sender codes, and the headers are what
 * a receiver checks, so the answer has no text, html or attachment field at all.
 */
import * as z from 'zod/mini';
import { pagingQuery } from '../schemas/common';
import { timestamp } from '../wire';

export const RECENT_MAIL_PATH = '/api/AdminAccount/mail';

/** page (from 1) and perPage (10 unless asked, at most 100), as every admin list. */
export const recentMailQuery = pagingQuery;
export type RecentMailQuery = z.output<typeof recentMailQuery>;

/**
 * How a message went: `sent` (SMTP accepted it), `retrying` (an attempt failed: `error` says why,
 * and it is tried again at `nextAttemptAt`), `failed` (SMTP refused it to the last attempt, or
 * it was given up), `sending` (waiting for or in its attempt, no answer recorded yet),
 * `recorded` (the embedded outbox: kept and logged, nothing left the machine).
 */
export const MAIL_DELIVERIES = ['sent', 'retrying', 'failed', 'sending', 'recorded'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

export const recentMailRow = z.object({
  id: z.string(),
  createdAt: timestamp,
  to: z.string(),
  /** The From address; null for rows written before it was kept. */
  fromAddress: z.nullable(z.string()),
  subject: z.string(),
  /** `outbox` or `smtp`. */
  transport: z.string(),
  delivery: z.enum(MAIL_DELIVERIES),
  /** SMTP's last refusal when `retrying` or `failed`. */
  error: z.nullable(z.string()),
  /** SMTP attempts made so far (0 for the embedded outbox's). */
  attempts: z.number(),
  /** When `retrying`: the next attempt's time; null otherwise. */
  nextAttemptAt: z.nullable(timestamp),
  /** The signer read from the stored DKIM-Signature header (d= and s=); null: not signed. */
  dkim: z.nullable(z.object({ domain: z.string(), selector: z.string() })),
  /** The header block as built (CRLF lines, folded as sent); null for rows from before it was kept. */
  headers: z.nullable(z.string()),
});
export type RecentMail = z.output<typeof recentMailRow>;

/**
 * The email templates' answers (docs/architecture.md, "Wire shapes"): the routes answer through
 * these and the screens read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { emailDesignSchema } from './blocks';
import { FINDING_IDS } from './checks';
import { EMAIL_TEMPLATE_KINDS } from './kinds';

export const emailFinding = z.object({
  id: z.enum(FINDING_IDS),
  values: z.record(z.string(), z.string()),
});
export type EmailFinding = z.output<typeof emailFinding>;

export const emailTemplateRow = z.object({
  id: z.string(),
  /** null: the platform's own (an administrator's). */
  businessId: z.nullable(z.string()),
  name: z.string(),
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  currentVersion: z.number(),
  updatedAt: timestamp,
});
export type EmailTemplateRow = z.output<typeof emailTemplateRow>;

export const emailVersionRow = z.object({
  version: z.number(),
  subject: z.string(),
  createdAt: timestamp,
  /** Who saved it: their name, or their email; null when the account is gone. */
  createdBy: z.nullable(z.string()),
});
export type EmailVersionRow = z.output<typeof emailVersionRow>;
export const emailVersionList = z.array(emailVersionRow);

export const emailVersionAnswer = z.object({
  ...emailVersionRow.shape,
  mjml: z.string(),
  /** A visual template's blocks, its mjml made from them; null for source written by hand. */
  blocks: z.nullable(emailDesignSchema),
  /** Placeholders still in: a send fills them per recipient. */
  html: z.string(),
  text: z.string(),
  findings: z.array(emailFinding),
});
export type EmailVersionAnswer = z.output<typeof emailVersionAnswer>;

export const emailTemplateAnswer = z.object({
  ...emailTemplateRow.shape,
  createdAt: timestamp,
  current: emailVersionAnswer,
});
export type EmailTemplateAnswer = z.output<typeof emailTemplateAnswer>;

/** A preview of unsaved source: sample data filled in. */
export const emailPreviewAnswer = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  findings: z.array(emailFinding),
});
export type EmailPreviewAnswer = z.output<typeof emailPreviewAnswer>;

export const emailTestSendAnswer = z.object({
  /** The address it went to: the signed-in user's. */
  to: z.string(),
  subject: z.string(),
  /** outbox: recorded where the demo reads mail; smtp: handed to the mail server. */
  transport: z.enum(['outbox', 'smtp']),
});
export type EmailTestSendAnswer = z.output<typeof emailTestSendAnswer>;

/** One of the business's uploaded pictures, for the image block's picker: its public path, size and upload time. */
export const emailImageRow = z.object({ path: z.string(), bytes: z.number(), createdAt: timestamp });
export const emailImageList = z.array(emailImageRow);
export type EmailImage = z.output<typeof emailImageRow>;

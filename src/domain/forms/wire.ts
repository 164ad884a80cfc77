/** The form builder's answers, written once: the routes answer through them, the screens read their types. */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { FIELD_TYPES, CONDITION_OPS, FORM_FILE } from './definition';

const condition = z.nullable(z.object({ field: z.string(), op: z.enum(CONDITION_OPS), value: z.string() }));

export const fieldAnswer = z.object({
  key: z.string(),
  type: z.enum(FIELD_TYPES),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
  pattern: z.nullable(z.string()),
  options: z.array(z.string()),
  showIf: condition,
  requiredIf: condition,
  param: z.nullable(z.string()),
  accept: z.array(z.enum(FORM_FILE.types)),
});
/** A field as a version stores it and the wire carries it: every property present, null where unset. */
export type StoredField = z.output<typeof fieldAnswer>;

export const formSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  publishedVersion: z.nullable(z.number()),
  submissions: z.number(),
  /** When it stopped taking answers; null while it takes them. */
  closedAt: z.nullable(timestamp),
  updatedAt: timestamp,
});
export type FormSummary = z.output<typeof formSummary>;

export const formDetail = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  aliases: z.array(z.string()),
  draft: z.array(fieldAnswer),
  /** "Save answers as contacts" of the draft (contact-mapping.ts); null: off. */
  contactMapping: z.nullable(
    z.object({
      email: z.string(),
      fullName: z.optional(z.nullable(z.string())),
      firstName: z.optional(z.nullable(z.string())),
      lastName: z.optional(z.nullable(z.string())),
      phone: z.optional(z.nullable(z.string())),
      notes: z.optional(z.nullable(z.string())),
    }),
  ),
  versions: z.array(
    z.object({ version: z.number(), publishedAt: timestamp, fields: z.array(fieldAnswer), submissions: z.number() }),
  ),
  /** Submissions kept as spam (sent faster than the minimum fill time), not counted in the versions'. */
  spam: z.number(),
  /** When it stopped taking answers (its public address says so); null while it takes them. */
  closedAt: z.nullable(timestamp),
  updatedAt: timestamp,
});
export type FormDetail = z.output<typeof formDetail>;

/** A file given in answer to a file field (the admins download it by its id). */
export const submittedFile = z.object({ key: z.string(), id: z.string(), name: z.string(), size: z.number() });
export type SubmittedFile = z.output<typeof submittedFile>;

export const submissionAnswer = z.object({
  id: z.string(),
  version: z.number(),
  answers: z.record(z.string(), z.unknown()),
  /** The files of its file fields (their answers hold the ids). */
  files: z.array(submittedFile),
  createdAt: timestamp,
});
export type Submission = z.output<typeof submissionAnswer>;

/**
 * "Not spam" done: the answer joined the answers. `contactRefused` names, by form field
 * (`answers.<key>`), why the contact mapping saved no contact for it; null when it did or had none to save.
 */
export const notSpamAnswer = z.object({ contactRefused: z.nullable(z.record(z.string(), z.string())) });
export type NotSpamResult = z.output<typeof notSpamAnswer>;

/**
 * The public form. `closed`: it takes no answers now; the page says so, and then carries no
 * fields and no start token (an empty list and an empty string).
 */
export const publicFormAnswer = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.number(),
  closed: z.boolean(),
  fields: z.array(fieldAnswer),
  startToken: z.string(),
});
export type PublicForm = z.output<typeof publicFormAnswer>;

/** A form deleted: how many of its submissions (spam included) went with it. */
export const formDeletedAnswer = z.object({ submissions: z.number() });
export type FormDeleted = z.output<typeof formDeletedAnswer>;

export const receivedAnswer = z.object({ received: z.boolean() });

/** A file the public form uploaded, its id to send as the field's answer. */
export const uploadAnswer = z.object({ id: z.string(), name: z.string(), size: z.number() });
export type FormUpload = z.output<typeof uploadAnswer>;

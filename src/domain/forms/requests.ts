/** What the builder and the public page send, parsed the same way on both sides. */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { wholeNumberParam } from '../schemas/whole-number';
import { draftChange } from './definition';

export const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;

/**
 * The address a new form's name suggests ("Partner Enquiry" → "partner-enquiry", "Café Night" →
 * "cafe-night"): a person who types only the name gets a working address instead of a pattern
 * message on an empty field. May still be refused (a name of one letter), with the field's message.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export const slugField = z.string({ error: MESSAGES.formSlugInvalid }).check(
  z.trim(),
  z.toLowerCase(),
  z.refine((s) => SLUG.test(s) && !s.includes('--'), MESSAGES.formSlugInvalid),
);

const nameField = z
  .string({ error: MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(100, formatMessage('textTooLong', { max: 100 })));

export const createFormSchema = z.object({ name: nameField, slug: slugField });
export type CreateFormInput = z.input<typeof createFormSchema>;

export const renameFormSchema = z.object({ name: z.optional(nameField), slug: z.optional(slugField) });

export const draftSchema = draftChange;

/** Open (true) or closed (false) to answers: closed, the public address says so and takes none. */
export const acceptingSchema = z.object({ accepting: z.boolean({ error: MESSAGES.mustBeBoolean }) });
export type AcceptingInput = z.input<typeof acceptingSchema>;

export const publishSchema = z.object({ confirmBreaking: z._default(z.boolean(), false) });

// The public form's own requests: a hand-made one of the wrong shape is told so in the app's
// words (zod's own "Invalid input: expected record, received string" is English only).
const tokenText = (max: number) => z._default(z.string({ error: MESSAGES.mustBeText }).check(z.maxLength(max)), '');

export const submissionSchema = z.object({
  answers: z.record(z.string().check(z.maxLength(60)), z.unknown(), { error: MESSAGES.invalidInput }),
  /** The signed start of filling (the public form's answer): a minimum fill time. */
  startToken: tokenText(200),
  /** The honeypot: empty from a person. */
  website: tokenText(500),
});
export type SubmissionInput = z.input<typeof submissionSchema>;

const PER_PAGE_MAX = formatMessage('tooLarge', { max: 100 });

export const submissionsQuery = z.object({
  version: z.optional(wholeNumberParam(z.positive(MESSAGES.mustBePositive))),
  /** Words in any answer (the list's search box). */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, formatMessage('textTooLong', { max: 100 })))),
  /** 'true': the answers kept as spam (sent faster than a person fills a form) instead of the answers. */
  spam: z._default(z.enum(['true', 'false'], { error: MESSAGES.mustBeBoolean }), 'false'),
  page: z._default(wholeNumberParam(z.positive(MESSAGES.mustBePositive)), 1),
  perPage: z._default(wholeNumberParam(z.positive(MESSAGES.mustBePositive), z.maximum(100, PER_PAGE_MAX)), 20),
});

export const listQuery = z.object({
  page: z._default(wholeNumberParam(z.positive(MESSAGES.mustBePositive)), 1),
  perPage: z._default(wholeNumberParam(z.positive(MESSAGES.mustBePositive), z.maximum(100, PER_PAGE_MAX)), 20),
});

/** The public form's upload: which file field, and the start token of the form opened. */
export const uploadQuery = z.object({
  // Left out: no such field / no opening of the form, as a wrong one is (upload-service.ts).
  field: tokenText(60),
  startToken: tokenText(200),
});

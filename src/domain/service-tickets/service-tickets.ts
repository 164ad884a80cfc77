/**
 * Service tickets (product brief section 7, "Employees, customers, reports, deliveries"): a fleet business's jobs for its customers — what, where, when,
 * priority, who does it, and where it stands. The product brief names `/api/Ticket` for the
 * platform's support desk (tickets users open with the platform); fleet jobs are the business's
 * own records, so they live with the business's other records under `/api/Business/service-tickets`.
 *
 * The rules both the form and the server apply: the statuses and the only moves between them,
 * the comment and attachment limits. The record rules themselves run from the declaration
 * (src/resources/service-tickets/resource.ts, src/domain/resources/record-rules.ts).
 */
import { MESSAGES } from '../messages';
import * as z from 'zod/mini';

export * from './constants';

export const COMMENT_MAX = 2000;

export const commentInput = z.object({
  text: z.pipe(
    z.string({ error: MESSAGES.commentRequired }),
    z.pipe(
      z.transform((v: string) => v.trim()),
      z
        .string()
        .check(
          z.minLength(1, MESSAGES.commentRequired),
          z.maxLength(COMMENT_MAX, MESSAGES.textTooLong.replace('{{max}}', String(COMMENT_MAX))),
        ),
    ),
  ),
});

/** Attachments: a job's photos and documents, checked by their bytes, never by name. */
export const ATTACHMENT = {
  maxBytes: 10 * 1024 * 1024,
  types: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  /** Accept list for the file picker (a hint; the server decides by the bytes). */
  accept: '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp',
  nameMax: 200,
} as const;

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

export const SERVICE_TICKETS_API = '/api/Business/service-tickets';

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'scheduled', 'in_progress', 'done', 'cancelled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * open → scheduled → in progress → done, and cancelled from any unfinished state. Done and
 * cancelled tickets are closed (read-only, not deletable), but a job can come back: a done ticket
 * reopens to in progress (the work was not finished; it keeps its date and crew), a cancelled one
 * to open (it needs scheduling again). Each reopening is an audited status change like any other.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['scheduled', 'cancelled'],
  scheduled: ['in_progress', 'cancelled'],
  in_progress: ['done', 'cancelled'],
  done: ['in_progress'],
  cancelled: ['open'],
};

/** A new ticket is open, or scheduled at once when it has its date. */
export const TICKET_START: readonly TicketStatus[] = ['open', 'scheduled'];
export const TICKET_CLOSED: readonly TicketStatus[] = ['done', 'cancelled'];
/** Statuses in which the ticket must have its date. */
export const TICKET_DATED: readonly TicketStatus[] = ['scheduled', 'in_progress', 'done'];

/** At most this many employees on one job. */
export const MAX_ASSIGNED = 10;

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

/**
 * The platform's support desk (product brief sections 1 and 2; docs/architecture.md): the calls, the ticket's states, and
 * the rules of every form, shared by the screens and the server so both say the same thing.
 *
 * Reading of the brief: `/api/Ticket` (named in the path catalogue of section 7 without
 * payloads) is the support desk API — a signed-in user's tickets with the platform (`tickets`)
 * and IT's desk (IT's `ticket_management`). A fleet manager's service tickets for customers are
 * another area with its own calls.
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { recordIdSchema } from '../schemas/record-id';

export const SUPPORT_API = {
  /** GET my tickets (paged; `status` filter); POST open one. */
  tickets: '/api/Ticket',
  /** GET one ticket and its conversation (the opener or IT). */
  ticket: '/api/Ticket/:ticketId',
  /** POST a reply (IT may mark it `internal`: a note the opener never sees). */
  replies: '/api/Ticket/:ticketId/replies',
  /** POST: the opener or IT closes the ticket. */
  close: '/api/Ticket/:ticketId/close',
  /** POST: the opener reopens a closed ticket (within REOPEN_DAYS). */
  reopen: '/api/Ticket/:ticketId/reopen',
  /** POST multipart, file part `file`: attach a screenshot or a PDF. */
  attachments: '/api/Ticket/:ticketId/attachments',
  /** GET the attached file. */
  attachment: '/api/Ticket/:ticketId/attachments/:attachmentId',
  /** IT: every business's tickets (paged; status, priority, assignee, query). */
  desk: '/api/Ticket/desk',
  /** IT: the IT users a ticket may be assigned to. */
  agents: '/api/Ticket/desk/agents',
  /** IT: PATCH status, priority, assignee. */
  status: '/api/Ticket/:ticketId/status',
  priority: '/api/Ticket/:ticketId/priority',
  assignee: '/api/Ticket/:ticketId/assignee',
  /** IT: look up businesses (read-only) to help their owners; GET one business's summary. */
  businesses: '/api/Business/lookup',
  business: '/api/Business/lookup/:businessId',
} as const;

/** A path with its `:params` filled in. */
export const supportPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

export { isSupportStaff, SUPPORT_STAFF_ROLES } from './roles';

export const TICKET_CATEGORIES = ['account', 'billing', 'bug', 'question', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** open → in progress → waiting on user → resolved → closed (IT may set any; the opener closes and reopens). */
export const TICKET_STATUSES = ['open', 'in_progress', 'waiting_on_user', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** A conversation entry: a public reply, IT's internal note, or a change of state (status, assignee). */
export const MESSAGE_KINDS = ['reply', 'note', 'event'] as const;
export type TicketMessageKind = (typeof MESSAGE_KINDS)[number];

export const SUBJECT_MAX = 120;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 5000;
/**
 * The longest search IT's desk and business lookup take: the boxes stop there (a paste of a whole
 * mail is cut, not answered by a red 'Some fields are not valid'), and the server says it in
 * characters for a caller of the API.
 */
export const SEARCH_MAX = 200;
export const REPLY_MAX = 5000;
/**
 * A closed ticket may be reopened by its opener for 14 days; after that the problem is likely
 * another one, and a new ticket keeps the desk's history readable.
 */
export const REOPEN_DAYS = 14;
/** Attachments: screenshots or a PDF, up to 5 MB each, 5 per ticket. */
export const ATTACHMENT = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const,
  perTicket: 5,
} as const;

/** When a closed ticket stops being reopenable by its opener (null when it is not closed). */
export function reopenUntil(closedAt: Date | string | null): Date | null {
  if (!closedAt) return null;
  return new Date(new Date(closedAt).getTime() + REOPEN_DAYS * 24 * 60 * 60 * 1000);
}

export const subjectField = z
  .string({ error: MESSAGES.supportSubjectRequired })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.supportSubjectRequired),
    z.maxLength(SUBJECT_MAX, MESSAGES.supportSubjectTooLong),
  );
export const descriptionField = z
  .string({ error: MESSAGES.supportDescriptionRequired })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.supportDescriptionRequired),
    z.minLength(DESCRIPTION_MIN, MESSAGES.supportDescriptionTooShort),
    z.maxLength(DESCRIPTION_MAX, MESSAGES.supportDescriptionTooLong),
  );
export const categoryField = z.enum(TICKET_CATEGORIES, { error: MESSAGES.supportCategoryInvalid });
export const priorityField = z.enum(TICKET_PRIORITIES, { error: MESSAGES.supportPriorityInvalid });
export const statusField = z.enum(TICKET_STATUSES, { error: MESSAGES.supportStatusInvalid });

/** A new ticket, as the `tickets` form sends it. */
export const newTicketSchema = z.object({
  subject: subjectField,
  category: categoryField,
  description: descriptionField,
  priority: z._default(priorityField, 'normal'),
});
export type NewTicket = z.infer<typeof newTicketSchema>;

/** A reply; `internal` (IT only) makes it a note the opener never sees. */
export const replySchema = z.object({
  body: z
    .string({ error: MESSAGES.supportReplyRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.supportReplyRequired),
      z.maxLength(REPLY_MAX, MESSAGES.supportReplyTooLong),
    ),
  internal: z._default(z.boolean({ error: MESSAGES.invalidInput }), false),
});
export type TicketReply = z.infer<typeof replySchema>;

export const statusSchema = z.object({ status: statusField });
export const prioritySchema = z.object({ priority: priorityField });
/** null leaves the ticket unassigned. */
export const assigneeSchema = z.object({
  assigneeId: z.nullable(recordIdSchema),
});

/** The opener's list filter: the ones still being worked on, the closed ones, or all. */
export const MY_TICKET_VIEWS = ['active', 'closed', 'all'] as const;
/** The desk's assignee filter: mine, nobody's, or one IT user's id. */
export const ASSIGNEE_FILTERS = ['me', 'none'] as const;

/** The support desk's answers (response schemas): what goes out, and nothing else. */
import { z } from 'zod';
import {
  MESSAGE_KINDS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '../../../src/domain/support/tickets';
import { timestamp } from '../../http/response';

const person = z.object({ id: z.string(), name: z.string() });

const ticketBase = {
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: timestamp,
  lastActivityAt: timestamp,
  closedAt: z.nullable(timestamp),
};

/** A row of the opener's list; `newReply`: IT answered since they last wrote. */
export const myTicketSchema = z.object({ ...ticketBase, newReply: z.boolean() });

/** A row of IT's desk; `awaitingReply`: the opener wrote last and it is not resolved. */
export const deskTicketSchema = z.object({
  ...ticketBase,
  opener: person.extend({ email: z.string(), role: z.string() }),
  business: person.nullable(),
  assignee: person.nullable(),
  awaitingReply: z.boolean(),
});

export const ticketMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  /** For an event line: what changed (status, priority, assignee) and to what. */
  event: z.object({ type: z.string(), to: z.string().nullable() }).nullable(),
  createdAt: timestamp,
  author: person.extend({ staff: z.boolean() }).nullable(),
});

export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  createdAt: timestamp,
  uploadedBy: z.string().nullable(),
});

/** One ticket and its conversation; the opener's copy has no notes, internal events or assignee. */
export const ticketDetailSchema = z.object({
  ...ticketBase,
  description: z.string(),
  reopenUntil: z.nullable(timestamp),
  canReopen: z.boolean(),
  opener: person.extend({ email: z.string(), role: z.string() }),
  business: person.nullable(),
  assignee: person.nullable(),
  messages: z.array(ticketMessageSchema),
  attachments: z.array(attachmentSchema),
});

export const agentSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/**
 * A service ticket's notes as the note routes (server/modules/service-tickets) answer them,
 * written once: the ticket screens (src/resources/service-tickets/screens) read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';

export const ticketCommentAnswer = z.object({
  id: z.string(),
  text: z.string(),
  at: timestamp,
  authorId: z.nullable(z.string()),
  authorName: z.nullable(z.string()),
});
export type TicketComment = z.output<typeof ticketCommentAnswer>;

export const ticketAttachmentAnswer = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.int(),
  at: timestamp,
  uploadedByName: z.nullable(z.string()),
});
export type TicketAttachment = z.output<typeof ticketAttachmentAnswer>;

/** A ticket's notes of each kind, oldest first. */
export const ticketNotesAnswer = {
  comments: z.array(ticketCommentAnswer),
  attachments: z.array(ticketAttachmentAnswer),
};
export type TicketNoteKind = keyof typeof ticketNotesAnswer;

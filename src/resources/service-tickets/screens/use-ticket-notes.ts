import { useInvalidate } from '@refinedev/core';
import { SERVICE_TICKETS_API } from '../../../domain/service-tickets/service-tickets';
import type {
  TicketAttachment,
  TicketComment,
  TicketNoteKind,
  ticketNotesAnswer,
} from '../../../domain/service-tickets/wire';
import { useApiQuery } from '../../../providers/use-api';

export type { TicketAttachment, TicketComment } from '../../../domain/service-tickets/wire';

export const notesUrl = (ticketId: string, kind: TicketNoteKind) =>
  `${SERVICE_TICKETS_API}/${encodeURIComponent(ticketId)}/${kind}`;

interface NotesRead<T> {
  items: T[] | null;
  error: unknown;
}

/** A ticket's comments or attachments, re-read when the ticket changes (its updatedAt). */
export function useTicketNotes(ticketId: string, kind: 'comments', version: unknown): NotesRead<TicketComment>;
export function useTicketNotes(ticketId: string, kind: 'attachments', version: unknown): NotesRead<TicketAttachment>;
export function useTicketNotes(
  ticketId: string,
  kind: TicketNoteKind,
  version: unknown,
): NotesRead<TicketComment | TicketAttachment> {
  const { data, query } = useApiQuery<(typeof ticketNotesAnswer)[typeof kind]>({
    url: notesUrl(ticketId, kind),
    queryOptions: { queryKey: ['serviceTickets', kind, ticketId, version] },
  });
  return { items: data ?? null, error: query.error };
}

/** After a comment or a file: the ticket (its updatedAt, so these lists and the history) is read again. */
export function useRefreshTicket(resourceName: string, id: string) {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: resourceName, id, invalidates: ['detail'] });
}

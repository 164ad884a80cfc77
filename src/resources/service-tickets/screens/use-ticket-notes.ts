import { useCustom, useInvalidate, type BaseRecord } from '@refinedev/core';
import { SERVICE_TICKETS_API } from '../../../domain/service-tickets/service-tickets';

export interface TicketComment {
  id: string;
  text: string;
  at: string;
  authorId: string | null;
  authorName: string | null;
}

export interface TicketAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  at: string;
  uploadedByName: string | null;
}

export const notesUrl = (ticketId: string, kind: 'comments' | 'attachments') =>
  `${SERVICE_TICKETS_API}/${encodeURIComponent(ticketId)}/${kind}`;

/** A ticket's comments or attachments, re-read when the ticket changes (its updatedAt). */
export function useTicketNotes<T>(ticketId: string, kind: 'comments' | 'attachments', version: unknown) {
  const { query } = useCustom<BaseRecord>({
    url: notesUrl(ticketId, kind),
    method: 'get',
    queryOptions: { queryKey: ['serviceTickets', kind, ticketId, version] },
    errorNotification: false,
  });
  return { items: (query.data?.data as unknown as T[] | undefined) ?? null, error: query.error };
}

/** After a comment or a file: the ticket (its updatedAt, so these lists and the history) is read again. */
export function useRefreshTicket(resourceName: string, id: string) {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: resourceName, id, invalidates: ['detail'] });
}

/**
 * The support desk screens' data: the resource name (Refine's cache key and the live channel
 * the server announces ticket changes on), the shapes the API answers, and small helpers the
 * pages share. Calls go through Refine's hooks in the pages; file transfers through the one
 * HTTP client (it adds the token).
 */
import type { TFunction } from 'i18next';
import type { TicketCategory, TicketMessageKind, TicketPriority, TicketStatus } from '../../domain/support/tickets';
import { SUPPORT_API, supportPath } from '../../domain/support/tickets';
import { http } from '../../providers/http';
import { filenameFromDisposition, saveBlob } from '../../ui/download';

export { SUPPORT_API, supportPath };

/** One resource for every ticket list and page: a change to a ticket refreshes them all. */
export const TICKETS = 'supportTickets';
export const BUSINESSES = 'supportBusinesses';

interface Person {
  id: string;
  name: string;
}

interface TicketBase {
  id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: string;
  lastActivityAt: string;
  closedAt: string | null;
}

export interface MyTicket extends TicketBase {
  newReply: boolean;
}

export interface DeskTicket extends TicketBase {
  opener: Person & { email: string; role: string };
  business: Person | null;
  assignee: Person | null;
  awaitingReply: boolean;
}

export interface TicketMessage {
  id: string;
  kind: TicketMessageKind;
  body: string;
  event: { type: string; to: string | null } | null;
  createdAt: string;
  author: (Person & { staff: boolean }) | null;
}

export interface TicketAttachment {
  id: string;
  name: string;
  size: number;
  contentType: string;
  createdAt: string;
  uploadedBy: string | null;
}

export interface TicketDetail extends TicketBase {
  description: string;
  reopenUntil: string | null;
  canReopen: boolean;
  opener: Person & { email: string; role: string };
  business: Person | null;
  assignee: Person | null;
  messages: TicketMessage[];
  attachments: TicketAttachment[];
}

export interface Agent {
  id: string;
  name: string;
  email: string;
}

export interface BusinessRow {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  owner: (Person & { email: string; role: string }) | null;
}

export interface BusinessSummary extends BusinessRow {
  website: string | null;
  timeZone: string;
  city: string;
  state: string;
  country: string;
  subscription: { plan: string | null; state: 'active' | 'trial' | 'none' | 'notRequired'; trialEndsAt: string | null };
  counts: { members: number; accounts: number; venues: number; employees: number; customers: number };
  recentTickets: {
    id: string;
    number: number;
    subject: string;
    status: TicketStatus;
    priority: TicketPriority;
    lastActivityAt: string;
  }[];
}

/** Tag colours: the states that need the desk's attention stand out. */
export const STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'gold',
  waiting_on_user: 'purple',
  resolved: 'green',
  closed: 'default',
};
export const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export const statusLabel = (t: TFunction, status: string) => t(`supportDesk.status.${status}`);
export const priorityLabel = (t: TFunction, priority: string) => t(`supportDesk.priority.${priority}`);
export const categoryLabel = (t: TFunction, category: string) => t(`supportDesk.category.${category}`);

/** A conversation's event line ("Status changed to Resolved"), in the reader's language. */
export function eventText(t: TFunction, event: { type: string; to: string | null }): string {
  if (event.type === 'status') return t('supportDesk.events.status', { to: statusLabel(t, event.to ?? '') });
  if (event.type === 'priority') return t('supportDesk.events.priority', { to: priorityLabel(t, event.to ?? '') });
  if (event.type === 'assignee')
    return event.to ? t('supportDesk.events.assigned', { to: event.to }) : t('supportDesk.events.unassigned');
  return '';
}

/** Downloads an attachment (signed-in GET), named as it was uploaded. */
export async function downloadAttachment(ticketId: string, file: TicketAttachment): Promise<void> {
  const { data, headers } = await http.get<Blob>(
    supportPath(SUPPORT_API.attachment, { ticketId, attachmentId: file.id }),
    {
      responseType: 'blob',
    },
  );
  saveBlob(data, filenameFromDisposition(headers.get('content-disposition'), file.name));
}

/**
 * The service tickets' states, their moves and the API path: what the declaration
 * (src/resources/service-tickets/resource.ts) reads on every signed-in load. Apart from
 * service-tickets.ts, whose zod schemas only the ticket screens and the server need
 * (docs/architecture.md, "The design card's packages"); that file re-exports these.
 */
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

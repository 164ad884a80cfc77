/**
 * The desk's live path: a ticket's change refreshes IT's open desk (every IT connection: the
 * desk sees every business's tickets) and, unless it was an internal note, the opener's open
 * `tickets` screens. Events carry ids only; both screens re-read through the API, which checks
 * who may see what (a note never reaches the opener's answer).
 */
import type { FastifyInstance } from 'fastify';
import { HUB_EVENTS, type RecordsChange } from '../../../src/domain/notifications';
import { SUPPORT_STAFF_ROLES } from '../../../src/domain/support/tickets';
import type { RecordAction } from '../../hub/types';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';

/** The client's resource name for tickets (its cache key and live channel). */
export const SUPPORT_TICKETS_RESOURCE = 'supportTickets';

const ticketsLive = registerLiveResource({
  name: SUPPORT_TICKETS_RESOURCE,
  // Not a tenant's rows: the desk reads every business's tickets.
  tenant: false,
  access: { list: SUPPORT_STAFF_ROLES, show: SUPPORT_STAFF_ROLES },
});

export async function announceTicket(
  app: FastifyInstance,
  ticket: { id: string; openedBy: string },
  action: RecordAction,
  options: { toOpener: boolean },
): Promise<void> {
  await publishRecordChanges(app, ticketsLive, action, new Map([[null, [ticket.id]]]));
  if (!options.toOpener) return;
  const change: RecordsChange = { resource: SUPPORT_TICKETS_RESOURCE, action, ids: [ticket.id] };
  try {
    await app.ctx.hub.publish({
      kind: 'user',
      userId: ticket.openedBy,
      target: HUB_EVENTS.recordsChanged,
      args: [change],
    });
  } catch (err) {
    app.log.warn({ err, ticketId: ticket.id }, 'could not tell the opener about a ticket change');
  }
}

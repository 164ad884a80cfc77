/**
 * The inbox's live path (docs/architecture.md, "The live path"): a conversation's change sends
 * one small event naming it to the business's CLUBOWNER and USER connections — never the
 * message. An open inbox then asks for the messages after the last sequence number it saw
 * (chat-messages.ts), so a reconnect (the live channel resyncs every subscription) replays what
 * was missed exactly once.
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_ROLES, CONVERSATIONS_LIVE_RESOURCE } from '../../../src/domain/chat/api';
import type { RecordAction } from '../../hub/types';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';

const conversationsLive = registerLiveResource({
  name: CONVERSATIONS_LIVE_RESOURCE,
  tenant: true,
  access: { list: CHAT_ROLES, show: CHAT_ROLES },
});

export function announceConversations(
  app: FastifyInstance,
  businessId: string,
  ids: string[],
  action: RecordAction = 'updated',
): Promise<void> {
  if (!ids.length) return Promise.resolve();
  return publishRecordChanges(app, conversationsLive, action, new Map([[businessId, ids]]));
}

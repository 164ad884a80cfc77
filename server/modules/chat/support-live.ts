/**
 * The support chat's live path (docs/architecture.md, "The live path"): a change of a support
 * chat sends one small event naming it — never the message — to IT's connections (the desk sees
 * every business's support chats) and to the connections of the user whose chat it is. An open
 * inbox or panel then asks for the messages after the last sequence number it saw, so a
 * reconnect (the live channel resyncs every subscription) replays what was missed exactly once.
 */
import type { FastifyInstance } from 'fastify';
import { SUPPORT_CHAT_DESK_ROLES, SUPPORT_CHAT_LIVE_RESOURCE } from '../../../src/domain/chat/support';
import { HUB_EVENTS, type RecordsChange } from '../../../src/domain/notifications';
import type { RecordAction } from '../../hub/types';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';

const supportChatsLive = registerLiveResource({
  name: SUPPORT_CHAT_LIVE_RESOURCE,
  // Not one business's rows: the desk reads every business's support chats.
  tenant: false,
  access: { list: SUPPORT_CHAT_DESK_ROLES, show: SUPPORT_CHAT_DESK_ROLES },
});

export async function announceSupportChat(
  app: FastifyInstance,
  chat: { id: string; userId: string | null },
  action: RecordAction = 'updated',
): Promise<void> {
  await publishRecordChanges(app, supportChatsLive, action, new Map([[null, [chat.id]]]));
  if (!chat.userId) return;
  const change: RecordsChange = { resource: SUPPORT_CHAT_LIVE_RESOURCE, action, ids: [chat.id] };
  try {
    await app.ctx.hub.publish({ kind: 'user', userId: chat.userId, target: HUB_EVENTS.recordsChanged, args: [change] });
  } catch (err) {
    app.log.warn({ err, conversationId: chat.id }, 'could not tell the user about a support chat change');
  }
}

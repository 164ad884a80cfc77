/**
 * The live chat's live path (docs/architecture.md, "The live path"; docs/live-chat.md): a
 * conversation's change sends small events naming it — never the message. The inbox gets a
 * RecordsChanged for the business's CLUBOWNER and USER connections and asks for the messages
 * after the last number it saw (chat-messages.ts); the widgets' live connections on every
 * process get a chat event and read after the last number they sent (visitor-streams.ts). Either
 * way a reconnect replays what was missed exactly once. Typing travels as a chat event too: a
 * visitor's to the inbox (UserStartedTyping(name, conversationId) / UserStoppedTyping(conversationId)),
 * a member's to the visitor's stream.
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_ROLES, CONVERSATIONS_LIVE_RESOURCE } from '../../../src/domain/chat/api';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import type { ChatEvent, Delivery, RecordAction } from '../../hub/types';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { visitorStreams } from './visitor-streams';

const conversationsLive = registerLiveResource({
  name: CONVERSATIONS_LIVE_RESOURCE,
  tenant: true,
  access: { list: CHAT_ROLES, show: CHAT_ROLES },
});

async function publishChat(app: FastifyInstance, event: ChatEvent) {
  try {
    await app.ctx.hub.publish(event);
  } catch (err) {
    // The write is stored: a widget that missed the event reads it on its next reconnect.
    app.log.warn({ err }, 'could not publish a chat event to the hub');
  }
}

export async function announceConversations(
  app: FastifyInstance,
  businessId: string,
  ids: string[],
  action: RecordAction = 'updated',
): Promise<void> {
  if (!ids.length) return;
  await publishChat(app, { kind: 'chat', businessId, conversationIds: ids });
  await publishRecordChanges(app, conversationsLive, action, new Map([[businessId, ids]]));
}

/** A visitor or a member types (or stopped) in the conversation. */
export function announceTyping(
  app: FastifyInstance,
  businessId: string,
  conversationId: string,
  typing: NonNullable<ChatEvent['typing']>,
): Promise<void> {
  return publishChat(app, { kind: 'chat', businessId, conversationIds: [conversationId], typing });
}

/** The hub resolver of chat events, on every process: this process's widgets, and the inbox's typing. */
export function resolveChatEvent(app: FastifyInstance, event: ChatEvent): Delivery[] {
  const streams = visitorStreams(app);
  const { typing, conversationIds } = event;
  if (!typing) {
    streams.changed(conversationIds);
    return [];
  }
  if (typing.author === 'member') {
    streams.typing(conversationIds, typing.name, typing.on);
    return [];
  }
  const [conversationId] = conversationIds;
  return [
    {
      audience: { roles: CHAT_ROLES, businessIds: [event.businessId] },
      message: typing.on
        ? { target: HUB_EVENTS.userStartedTyping, args: [typing.name, conversationId] }
        : { target: HUB_EVENTS.userStoppedTyping, args: [conversationId] },
    },
  ];
}

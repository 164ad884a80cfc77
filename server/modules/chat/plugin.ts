/** Live chat: a bot and a helpdesk per domain, the conversations inbox, the visitor's side. */
import type { FastifyInstance } from 'fastify';
import chatsRoutes from './chats-routes';
import { resolveChatEvent } from './live';
import liveRoutes from './live-routes';
import settingsRoutes from './settings-routes';
import visitorRoutes from './visitor-routes';

export default async function chatModule(app: FastifyInstance) {
  app.ctx.hub.onEvent('chat', async (event) => resolveChatEvent(app, event));
  await app.register(settingsRoutes);
  await app.register(chatsRoutes);
  await app.register(visitorRoutes);
  await app.register(liveRoutes);
}

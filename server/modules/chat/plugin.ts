/** Live chat: a bot and a helpdesk per domain, the conversations inbox, the visitor's side. */
import type { FastifyInstance } from 'fastify';
import { registerDeleteCleanup } from '../../resources/delete-guards';
import chatsRoutes from './chats-routes';
import { domainBotPictures } from './domain-cleanup';
import { resolveChatEvent } from './live';
import liveRoutes from './live-routes';
import settingsRoutes from './settings-routes';
import supportRoutes from './support-routes';
import supportSettingsRoutes from './support-settings-routes';
import visitorRoutes from './visitor-routes';

export default async function chatModule(app: FastifyInstance) {
  app.ctx.hub.onEvent('chat', async (event) => resolveChatEvent(app, event));
  // A deleted domain's bot row goes in the cascade; its picture file goes here, after the commit.
  registerDeleteCleanup('domains', domainBotPictures);
  await app.register(settingsRoutes);
  await app.register(chatsRoutes);
  await app.register(visitorRoutes);
  await app.register(liveRoutes);
  // The in-app support chat: the same engine, the platform as the business (docs/live-chat.md).
  await app.register(supportRoutes);
  await app.register(supportSettingsRoutes);
}

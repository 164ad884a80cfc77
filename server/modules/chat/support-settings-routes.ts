/**
 * The platform's bot and helpdesk, kept by ADMIN (docs/live-chat.md, "The in-app support chat"):
 * the calls of a domain's bot (bot-settings-routes.ts) with the same bodies and answers, under
 * /api/support-chat, where the domain id is always PLATFORM_CHAT_ID (any other answers 404). The
 * support chat's bot answers from this helpdesk.
 */
import { SUPPORT_CHAT_ADMIN_ROLES, SUPPORT_CHAT_API } from '../../../src/domain/chat/support';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import botSettingsRoutes, { type BotStore } from './bot-settings-routes';
import {
  addPlatformHelpdesk,
  checkPlatformId,
  deletePlatformHelpdesk,
  listPlatformHelpdesk,
  platformSettings,
  savePlatformAvatar,
  savePlatformChatbot,
  savePlatformParameters,
  savePlatformPrompt,
} from './support-settings';

const supportSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const platform: BotStore = {
    settings: () => platformSettings(db),
    saveChatbot: (input, at) => savePlatformChatbot(db, input, at),
    savePrompt: (input, at) => savePlatformPrompt(db, input, at),
    saveParameters: (input, at) => savePlatformParameters(db, input, at),
    saveAvatar: (domainId, file, at) => {
      checkPlatformId(domainId);
      return savePlatformAvatar(db, file, at);
    },
    addHelpdesk: (input, at) => addPlatformHelpdesk(db, input, at),
    listHelpdesk: (q) => listPlatformHelpdesk(db, q),
    deleteHelpdesk: (questionId) => deletePlatformHelpdesk(db, questionId),
  };
  await app.register(botSettingsRoutes, {
    paths: SUPPORT_CHAT_API,
    tags: ['Support chat (platform bot)'],
    access: { roles: SUPPORT_CHAT_ADMIN_ROLES },
    whose: "the platform's",
    namesDomain: false,
    store: () => platform,
  });
};
export default supportSettingsRoutes;

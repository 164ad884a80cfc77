import { lazy } from 'react';
import { SUPPORT_CHAT_ADMIN_ROLES, SUPPORT_CHAT_DESK_ROLES } from '../../domain/chat/support-roles';
import type { AreaManifest } from '../area';

/**
 * The in-app support chat (server side in server/modules/chat/support-*; docs/live-chat.md): IT's
 * inbox of support chats and ADMIN's page for the platform's bot and helpdesk, routes of our own.
 * The launcher is drawn by the main layout (this area's face).
 */
const supportChat: AreaManifest = {
  name: 'support-chat',
  routes: [
    { path: 'support_chat', page: lazy(() => import('./DeskPage')), roles: SUPPORT_CHAT_DESK_ROLES },
    { path: 'support_chat/settings', page: lazy(() => import('./PlatformBotPage')), roles: SUPPORT_CHAT_ADMIN_ROLES },
  ],
  sidebar: [
    { key: 'supportChat', path: '/support_chat', icon: 'message', roles: SUPPORT_CHAT_DESK_ROLES },
    { key: 'supportChatBot', path: '/support_chat/settings', icon: 'message', roles: SUPPORT_CHAT_ADMIN_ROLES },
  ],
  // IT learns of chats waiting for a person on its Support Chat link, live, without opening the inbox.
  sidebarCounts: [
    { path: '/support_chat', roles: SUPPORT_CHAT_DESK_ROLES, count: lazy(() => import('./WaitingChatsCount')) },
  ],
};
export default supportChat;

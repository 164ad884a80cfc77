import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Live chat (server side in server/modules/chat; docs/live-chat.md): the conversations inbox and a
 * domain's bot settings, on routes of the brief's matrix (CLUBOWNER, USER). The brief's user
 * sidebar links the inbox; its club-owner sidebar does not, and without a link an owner could not
 * find the chats the bell tells them about, so the area adds it for them.
 */
const chat: AreaManifest = {
  name: 'chat',
  routes: [
    { path: 'conversations', page: lazy(() => import('./InboxPage')) },
    { path: 'conversations/:id/settings', page: lazy(() => import('./SettingsPage')) },
  ],
  sidebar: [{ key: 'conversations', path: '/conversations', icon: 'message', roles: ['CLUBOWNER'] }],
};
export default chat;

import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Live chat (server side in server/modules/chat; docs/live-chat.md): the conversations inbox and a
 * domain's bot settings, on routes of the brief's matrix (CLUBOWNER, USER), so the manifest gives
 * only the pages.
 */
const chat: AreaManifest = {
  name: 'chat',
  routes: [
    { path: 'conversations', page: lazy(() => import('./InboxPage')) },
    { path: 'conversations/:id/settings', page: lazy(() => import('./SettingsPage')) },
  ],
};
export default chat;

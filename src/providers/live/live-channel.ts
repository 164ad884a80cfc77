import { API } from '../../domain/api-paths';
import { HUB_PATH } from '../../domain/notification-hub';
import type { UserData } from '../../domain/user';
import { API_BASE_URL, http, refreshSession } from '../http/client';
import { i18n } from '../i18n/i18n';
import { liveNoticeTitle } from '../i18n/notice-text';
import { showToast } from '../notification/toast-bus';
import { getStoredUser, updateSession } from '../session';
import { createLiveManager, type HubLike, type LiveManager } from './connection-manager';
import { createHubClient } from './hub-client';
import { refreshLatest } from './latest-store';
import { receiveRecordsChange, resyncLive } from './live-provider';
import { setTyping } from './typing-store';

/**
 * The real wiring of the live channel: the hub client (hub-client.ts) and the app's session, HTTP client,
 * toasts and stores, and the Refine live provider it feeds. This module is a lazy chunk, imported
 * only after sign-in for the roles that use the channel (opensLiveChannel), so the login page
 * never loads the hub client.
 */
export function createHubConnection(accessTokenFactory: () => string): HubLike {
  return createHubClient({ url: `${API_BASE_URL}${HUB_PATH}`, accessTokenFactory });
}

export function createAppLiveManager(): LiveManager {
  return createLiveManager({
    createConnection: createHubConnection,
    getAuthorization: () => getStoredUser()?.auth.authorization,
    refreshSession,
    refreshLatest,
    fetchMe: async () => (await http.get<UserData>(API.me)).data,
    updateSession,
    toast: showToast,
    t: (key) => i18n.t(key),
    noticeTitle: (title, notice) => liveNoticeTitle(i18n.t, title, notice),
    setTyping,
    recordsChanged: receiveRecordsChange,
    connected: resyncLive,
    reload: () => window.location.reload(),
  });
}

import { RELOAD_AFTER_EVENT_MS } from '../../domain/constants';
import { HUB_EVENTS, NOTIFICATIONS_RESOURCE, type RecordsChange } from '../../domain/notification-hub';
import type { UserData } from '../../domain/user';
import type { Toast } from '../notification/toast-bus';

/** The part of a SignalR HubConnection the manager uses, so tests can hand it a fake. */
export interface HubLike {
  on(methodName: string, handler: (...args: unknown[]) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LiveDeps {
  /** Builds the connection; the manager gives it a factory returning the current bare token. */
  createConnection: (accessTokenFactory: () => string) => HubLike;
  /** The stored authorization ('Bearer <token>'), read afresh each time. */
  getAuthorization: () => string | undefined;
  /** The app's one shared refresh (src/providers/http/client.ts). */
  refreshSession: () => Promise<boolean>;
  refreshLatest: () => Promise<void> | void;
  /** GET /api/User/me; the manager stores the answer (session flags may have changed). */
  fetchMe: () => Promise<UserData>;
  updateSession: (patch: { userData?: Partial<UserData> }) => void;
  toast: (toast: Toast) => void;
  /** Translates an i18n key. */
  t: (key: string) => string;
  /**
   * ReceiveMessage's text in the screen's language: its first argument is the English title, a
   * system notification's second its code and parameters (src/domain/notification-wire.ts).
   * Without it the title is shown as it came.
   */
  noticeTitle?: (title: string, notice: unknown) => string;
  /** Who is typing about what (a conversation's id); `(null)` alone forgets everyone. */
  setTyping: (name: string | null, about?: string) => void;
  /** A RecordsChanged push (the Refine live provider turns it into a live event). */
  recordsChanged?: (change: RecordsChange) => void;
  /**
   * The connection is up, first or again: pushes sent meanwhile are lost (the hub does not
   * replay them), so open lists and pages re-read.
   */
  connected?: () => void;
  reload: () => void;
  log?: Pick<Console, 'warn'>;
  /** Delay before retrying a start that failed for another reason than auth (ms). */
  retryDelays?: readonly number[];
}

export interface LiveManager {
  start(): Promise<void>;
  stop(): Promise<void>;
}

const AUTH_FAILURE = /401|unauthori[sz]ed|expired/i;
export const isAuthFailure = (error: unknown): boolean =>
  error instanceof Error ? AUTH_FAILURE.test(error.message) : typeof error === 'string' && AUTH_FAILURE.test(error);

const RECORD_ACTIONS: readonly string[] = ['created', 'updated', 'deleted'] satisfies RecordsChange['action'][];

/** A RecordsChanged argument as the server sends it, or null for anything else. */
export function asRecordsChange(value: unknown): RecordsChange | null {
  if (!value || typeof value !== 'object') return null;
  const { resource, action, ids } = value as Record<string, unknown>;
  if (typeof resource !== 'string' || typeof action !== 'string' || !RECORD_ACTIONS.includes(action)) return null;
  const change: RecordsChange = { resource, action: action as RecordsChange['action'] };
  if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) change.ids = ids as string[];
  return change;
}

/** The bare token of a stored 'Bearer <token>' value. */
export function bareToken(authorization: string | undefined): string {
  if (!authorization) return '';
  return authorization.replace(/^Bearer\s+/i, '');
}

/**
 * The live channel (the product brief, section 4: real-time events): one hub connection per
 * signed-in session, with the handlers for its events, a token refresh when the hub refuses an
 * expired token, and a re-read of state on every (re)connect (the hub does not replay what was
 * missed).
 */
export function createLiveManager(deps: LiveDeps): LiveManager {
  const log = deps.log ?? console;
  const retryDelays = deps.retryDelays ?? [2000, 5000, 10000, 30000];
  let connection: HubLike | null = null;
  let stopped = true;
  let retry = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const reloadTimers = new Set<ReturnType<typeof setTimeout>>();

  const reloadSoon = () => {
    const timer = setTimeout(() => {
      reloadTimers.delete(timer);
      deps.reload();
    }, RELOAD_AFTER_EVENT_MS);
    reloadTimers.add(timer);
  };

  const resync = async () => {
    try {
      deps.connected?.();
    } catch (error) {
      log.warn('live: re-reading open pages failed', error);
    }
    void Promise.resolve(deps.refreshLatest()).catch((error: unknown) =>
      log.warn('live: latest refresh failed', error),
    );
    try {
      const me = await deps.fetchMe();
      if (!stopped && me && typeof me === 'object' && typeof me.roleName === 'string') {
        deps.updateSession({ userData: me });
      }
    } catch (error) {
      log.warn('live: could not re-read the user', error);
    }
  };

  const build = (): HubLike => {
    const hub = deps.createConnection(() => bareToken(deps.getAuthorization()));
    hub.on(HUB_EVENTS.receiveMessage, (text, notice) => {
      const title = typeof text === 'string' ? text : String(text ?? '');
      deps.toast({ kind: 'message', type: 'success', content: deps.noticeTitle?.(title, notice) ?? title });
      void Promise.resolve(deps.refreshLatest()).catch((error: unknown) => log.warn('live: refresh failed', error));
      // A new notification for this user: an open Notifications Center re-reads too.
      deps.recordsChanged?.({ resource: NOTIFICATIONS_RESOURCE, action: 'created' });
    });
    hub.on(HUB_EVENTS.subscriptionCancel, () => {
      deps.updateSession({ userData: { freeTrial: 0, subscriptionActive: false } });
      deps.toast({ kind: 'message', type: 'info', content: deps.t('messages.subscriptionCanceled') });
      reloadSoon();
    });
    hub.on(HUB_EVENTS.accountVerified, () => {
      deps.updateSession({ userData: { isVerified: true, detailsSubmited: true } });
      deps.toast({ kind: 'message', type: 'success', content: deps.t('live.accountVerified') });
      reloadSoon();
    });
    // The live chat adds what they type in: UserStartedTyping(name, conversationId), UserStoppedTyping(conversationId).
    const about = (value: unknown) => (typeof value === 'string' ? value : undefined);
    hub.on(HUB_EVENTS.userStartedTyping, (name, on) =>
      deps.setTyping(typeof name === 'string' ? name : null, about(on)),
    );
    hub.on(HUB_EVENTS.userStoppedTyping, (on) => deps.setTyping(null, about(on)));
    hub.on(HUB_EVENTS.recordsChanged, (value) => {
      const change = asRecordsChange(value);
      if (change) deps.recordsChanged?.(change);
    });
    hub.onreconnected(() => {
      retry = 0;
      void resync();
    });
    hub.onclose((error) => {
      deps.setTyping(null);
      if (stopped) return;
      if (isAuthFailure(error)) void renewAndStart();
      // Automatic reconnect gave up (or the server ended it): try again later, a few times.
      else scheduleRetry();
    });
    return hub;
  };

  /** The hub refused the token: renew it once through the shared refresh, then start again. */
  const renewAndStart = async () => {
    let renewed = false;
    try {
      renewed = await deps.refreshSession();
    } catch (error) {
      log.warn('live: token refresh failed', error);
      return;
    }
    if (!renewed) {
      log.warn('live: token refresh was refused; the live channel stays closed');
      return;
    }
    if (!stopped) await open(false);
  };

  const scheduleRetry = () => {
    if (stopped || retry >= retryDelays.length) return;
    const delay = retryDelays[retry] ?? 30000;
    retry += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void open(true);
    }, delay);
  };

  /** Starts the connection; `mayRenew` allows one refresh when the start itself is refused. */
  const open = async (mayRenew: boolean) => {
    if (stopped) return;
    connection ??= build();
    try {
      await connection.start();
      retry = 0;
      await resync();
    } catch (error) {
      if (stopped) return;
      if (isAuthFailure(error)) {
        if (mayRenew) await renewAndStart();
        else log.warn('live: the hub refused the renewed token', error);
        return;
      }
      log.warn('live: could not connect', error);
      scheduleRetry();
    }
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      retry = 0;
      await open(true);
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      for (const timer of reloadTimers) clearTimeout(timer);
      reloadTimers.clear();
      deps.setTyping(null);
      const hub = connection;
      connection = null;
      try {
        await hub?.stop();
      } catch (error) {
        log.warn('live: stop failed', error);
      }
    },
  };
}

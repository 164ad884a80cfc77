/**
 * Web Push for notifications: the VAPID key pair (generated once, shared by every process
 * through app_settings), and the fan-out of a created notification to its recipients'
 * subscriptions. Sending runs in the background and never fails the request that created the
 * notification; a subscription the push service reports gone (404/410) is deleted.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { appSettings, users } from '../../db/schema';
import { mailLocale } from '../../../src/domain/email-templates/locale';
import { wordsIn } from './notice-texts';
import { deleteSubscription, subscriptionsOf } from './push-subscriptions';
import type { NotificationRow } from './queries';
import { generateVapidKeys, webPushSender, type PushSender, type VapidKeys } from './push-sender';

const VAPID_SETTING = 'vapid_keys';
/** Parallel sends per batch: enough for a role-wide announcement without flooding sockets. */
const BATCH = 20;
export const PUSH_URL = '/notifications';

export class PushService {
  /** Replaceable: tests put a recording fake here. */
  sender: PushSender = webPushSender;
  private keys: Promise<VapidKeys> | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly subject: string,
  ) {}

  /** The key pair; the first process to need it stores one, every process then reads the same. */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= this.loadKeys().catch((err: unknown) => {
      this.keys = null;
      throw err;
    });
    return this.keys;
  }

  private async loadKeys(): Promise<VapidKeys> {
    const stored = () => this.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
    let [row] = await stored();
    if (!row) {
      // Both keys in one value: two rows could be won by different processes and not match.
      await this.db
        .insert(appSettings)
        .values({ key: VAPID_SETTING, value: JSON.stringify(await generateVapidKeys()) })
        .onConflictDoNothing();
      [row] = await stored();
    }
    const keys = JSON.parse(row!.value) as VapidKeys;
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }

  /** Starts sending `notification` to its recipients' browsers (a click opens `url`); returns at once. */
  dispatch(notification: NotificationRow, url = PUSH_URL) {
    const job = this.send(notification, url).catch((err: unknown) =>
      this.log.warn({ err, notificationId: notification.id }, 'web push fan-out failed'),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Resolves when every background send started so far has finished (tests, shutdown). */
  async idle() {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async send(n: NotificationRow, url: string) {
    const subscriptions = await subscriptionsOf(this.db, recipientsOf(n));
    if (subscriptions.length === 0) return;
    const vapid = { ...(await this.vapidKeys()), subject: this.subject };
    // The service worker shows the text as it comes, so the server writes it: in the language the
    // recipient's account keeps (users.language: the app's language when they signed up, then
    // whichever they switch to; the platform's mails follow it too), English when it is none we have.
    // An announcement has no code and goes as it was typed.
    const payloads = new Map<string, string>();
    const payloadIn = (language: string) => {
      const locale = mailLocale(language);
      let payload = payloads.get(locale);
      if (!payload) {
        payload = JSON.stringify({ ...wordsIn(locale, n), url, id: n.id, type: n.type });
        payloads.set(locale, payload);
      }
      return payload;
    };
    for (let i = 0; i < subscriptions.length; i += BATCH) {
      await Promise.all(
        subscriptions.slice(i, i + BATCH).map(async (s) => {
          try {
            const target = { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
            await this.sender.send(target, payloadIn(s.language), vapid);
          } catch (err) {
            const status = (err as { statusCode?: unknown }).statusCode;
            if (status === 404 || status === 410) {
              await deleteSubscription(this.db, s.id);
            } else {
              this.log.warn({ err, status }, 'web push send failed');
            }
          }
        }),
      );
    }
  }
}

/** The users a notification is for, matching what they see in their list (see queries.ts). */
function recipientsOf(n: NotificationRow): SQL {
  if (n.audience === 'user') return eq(users.id, n.recipientUserId!);
  const existed = lte(users.createdAt, n.createdAt);
  if (n.audience === 'role') return and(eq(users.role, n.recipientRole!), existed)!;
  return existed;
}

/** `mailto:` of the configured sender address: push services contact it about abuse. */
export function vapidSubject(mailFrom: string): string {
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
  return `mailto:${/^[^\s@]+@[^\s@]+$/.test(address) ? address : 'no-reply@backoffice.local'}`;
}

/** One push service per app (keyed by its context, which every plugin scope shares). */
const services = new WeakMap<AppContext, PushService>();

export function pushServiceOf(ctx: AppContext): PushService | undefined {
  return services.get(ctx);
}

export function installPushService(ctx: AppContext, log: FastifyBaseLogger): PushService {
  const service = new PushService(ctx.database.db, log, vapidSubject(ctx.config.mailFrom));
  services.set(ctx, service);
  return service;
}

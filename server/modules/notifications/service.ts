/**
 * Creating a notification, for any module (account verification, new sign-ups, a quote's answer…)
 * and the administrator's announcements: store it once, tell the hub (live bell), start the web
 * push. Every write of the notifications table is here; the receipts (read, archived) are in
 * queries.ts.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { Delivery } from '../../hub/types';
import {
  HUB_EVENTS,
  type AnnouncementType,
  type LiveNotice,
  type NoticeParams,
  type NotificationAudience,
  type NotificationType,
} from '../../../src/domain/notifications';
import type { SystemNotice } from '../../../src/domain/notification-notices';
import type { Role } from '../../../src/domain/roles';
import { notFound } from '../../http/errors';
import { pushServiceOf } from './push-service';
import { noticeRow } from './notice-texts';
import type { NotificationRow } from './queries';

/** Who a notification is for, and how it is delivered. */
interface Addressing {
  /** Defaults to 'system'; one of NOTIFICATION_TYPES, the kinds the Notifications Center filters by. */
  type?: NotificationType;
  audience: NotificationAudience;
  /** Required when audience is 'user'. */
  userId?: string | null;
  /** Required when audience is 'role'. */
  role?: Role | null;
  createdBy?: string | null;
  /**
   * Also announce it on the hub as ReceiveMessage (default). Off when the caller sends a more
   * specific live event for the same news (e.g. AccountVerified), so the user is told once.
   */
  live?: boolean;
  /** Where a click on its web push opens (an app path; default the Notifications Center). */
  url?: string;
}

/** A notification as stored: its English text and, when the system wrote it, its codes. */
export interface NewNotification extends Addressing {
  title: string;
  message: string;
  titleKey?: string | null;
  messageKey?: string | null;
  params?: NoticeParams | null;
}

/**
 * A notification the system writes: one of SYSTEM_NOTICES and what its texts name. It is stored
 * with its codes, so each reader's screen writes it in their language, and with its English text.
 */
export interface SystemNotification extends Addressing {
  notice: SystemNotice;
  params?: NoticeParams;
}

/** For any module: every notification the system writes goes through here, with a code. */
export function createNotification(app: FastifyInstance, input: SystemNotification): Promise<NotificationRow> {
  const { notice, params, ...addressing } = input;
  return writeNotification(app, { ...addressing, ...noticeRow(notice, params) });
}

/** Stores a notification once, tells the hub (live bell) and starts the web push. */
export async function writeNotification(app: FastifyInstance, input: NewNotification): Promise<NotificationRow> {
  if (input.audience === 'user' && !input.userId) throw new Error('createNotification: userId is required');
  if (input.audience === 'role' && !input.role) throw new Error('createNotification: role is required');
  const [row] = await app.ctx.database.db
    .insert(notifications)
    .values({
      title: input.title,
      message: input.message,
      titleKey: input.titleKey ?? null,
      messageKey: input.messageKey ?? null,
      params: input.params ?? null,
      type: input.type ?? 'system',
      audience: input.audience,
      recipientUserId: input.audience === 'user' ? input.userId! : null,
      recipientRole: input.audience === 'role' ? input.role! : null,
      createdBy: input.createdBy ?? null,
      // created_at is the database's now(), like users.created_at it is compared with.
    })
    .returning();
  // The notification is stored: a hub or push failure must not undo or fail the caller's work.
  try {
    if (input.live !== false) await app.ctx.hub.publish({ kind: 'notification', id: row!.id });
  } catch (err) {
    app.log.warn({ err, notificationId: row!.id }, 'could not publish notification to the hub');
  }
  pushServiceOf(app.ctx)?.dispatch(row!, input.url);
  return row!;
}

/** An administrator's announcement (the product brief, section 7: the calls it makes, Notifications). */
export interface Announcement {
  title: string;
  message: string;
  type?: AnnouncementType;
  audience: NotificationAudience;
  userId?: string;
  role?: Role;
}

/** Sends an announcement; one addressed to a user who does not exist is 404, and nothing is stored. */
export async function sendAnnouncement(app: FastifyInstance, input: Announcement, actorId: string) {
  if (input.audience === 'user') {
    const [user] = await app.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId!))
      .limit(1);
    if (!user) throw notFound();
  }
  // Typed by a person: no code, shown as typed in every language.
  return writeNotification(app, {
    title: input.title,
    message: input.message,
    type: input.type ?? 'announcement',
    audience: input.audience,
    userId: input.audience === 'user' ? input.userId : null,
    role: input.audience === 'role' ? input.role : null,
    createdBy: actorId,
  });
}

/** Who a notification goes to on the live channel. */
export function deliveryFor(row: NotificationRow): Delivery {
  const audience =
    row.audience === 'user'
      ? { userIds: [row.recipientUserId!] }
      : row.audience === 'role'
        ? { roles: [row.recipientRole as Role] }
        : { all: true };
  // The client shows the first argument as a success notice and refreshes its bell; a system
  // notification adds its title's code, which this app's client writes in the reader's language.
  const notice: LiveNotice | null = row.titleKey ? { titleKey: row.titleKey, params: row.params } : null;
  return {
    audience,
    message: { target: HUB_EVENTS.receiveMessage, args: notice ? [row.title, notice] : [row.title] },
  };
}

/** The hub resolver: events carry only the id, so the row is re-read (it may be gone). */
export async function resolveNotification(db: Db, id: string): Promise<Delivery[]> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row ? [deliveryFor(row)] : [];
}

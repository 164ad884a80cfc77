/**
 * Creating a notification, for any module (announcements today; account verification and
 * subscription cancel later): store it once, tell the hub (live bell), start the web push.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Delivery } from '../../hub/types';
import { HUB_EVENTS, type NotificationAudience } from '../../../src/domain/notifications';
import type { Role } from '../../../src/domain/roles';
import { pushServiceOf } from './push-service';

export interface NewNotification {
  title: string;
  message: string;
  /** Defaults to 'system'. */
  type?: string;
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
}

export type NotificationRow = typeof notifications.$inferSelect;

export async function createNotification(app: FastifyInstance, input: NewNotification): Promise<NotificationRow> {
  if (input.audience === 'user' && !input.userId) throw new Error('createNotification: userId is required');
  if (input.audience === 'role' && !input.role) throw new Error('createNotification: role is required');
  const [row] = await app.ctx.database.db
    .insert(notifications)
    .values({
      title: input.title,
      message: input.message,
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
  pushServiceOf(app.ctx)?.dispatch(row!);
  return row!;
}

/** Who a notification goes to on the live channel. */
export function deliveryFor(row: NotificationRow): Delivery {
  const audience =
    row.audience === 'user'
      ? { userIds: [row.recipientUserId!] }
      : row.audience === 'role'
        ? { roles: [row.recipientRole as Role] }
        : { all: true };
  // The client shows the first argument as a success notice and refreshes its bell.
  return { audience, message: { target: HUB_EVENTS.receiveMessage, args: [row.title] } };
}

/** The hub resolver: events carry only the id, so the row is re-read (it may be gone). */
export async function resolveNotification(db: Db, id: string): Promise<Delivery[]> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row ? [deliveryFor(row)] : [];
}

/**
 * The browsers' Web Push subscriptions (push_subscriptions): every read and write of the table
 * is here — subscribe, unsubscribe and rotate for the routes, the recipients' browsers and the
 * clean-up of gone ones for the sender.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

/** The database or a transaction on it. */
type Writer = Pick<Db, 'insert' | 'delete' | 'select'>;

/** A browser PushSubscription as `JSON.stringify(subscription)` gives it (checked by the route). */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The endpoint now belongs to this user (the same browser may have been someone else's). */
export async function saveSubscription(db: Writer, userId: string, s: PushSubscriptionInput) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sql`excluded.p256dh`, auth: sql`excluded.auth` },
    });
}

/** Forgets one of the user's own endpoints (someone else's stays). */
export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/**
 * A rotated subscription: the new one is stored for the caller, or — for the service worker,
 * which has no token — for whoever owned the old endpoint (an unguessable capability URL only
 * that browser knows). The old endpoint goes when it was that same user's. False when nobody
 * can be named.
 */
export async function replaceSubscription(
  db: Db,
  callerId: string | null,
  oldEndpoint: string | null | undefined,
  subscription: PushSubscriptionInput,
): Promise<boolean> {
  const [old] = oldEndpoint
    ? await db
        .select({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, oldEndpoint))
        .limit(1)
    : [];
  const userId = callerId ?? old?.userId;
  if (!userId) return false;
  await db.transaction(async (tx) => {
    if (oldEndpoint && old?.userId === userId && oldEndpoint !== subscription.endpoint) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, oldEndpoint));
    }
    await saveSubscription(tx, userId, subscription);
  });
  return true;
}

/** The browsers of active users matching `recipients` (a condition on users). */
export function subscriptionsOf(db: Db, recipients: SQL) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      /** The language its user's account chose in the app: the push is written in it. */
      language: users.language,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(users.status, 'active'), recipients));
}

/** The push service says this subscription is gone for good. */
export async function deleteSubscription(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

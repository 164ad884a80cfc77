/**
 * Web Push subscriptions of the caller's browsers (spec section 7): the VAPID public key the
 * browser subscribes with, subscribe, unsubscribe, and the service worker's
 * `pushsubscriptionchange` (the browser rotated the subscription).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { authenticate, bearerToken, caller } from '../../auth/access';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { perIpLimit } from '../user/rate-limits';
import type { PushService } from './push-service';

const required = { error: MESSAGES.fieldRequired };
const endpoint = z
  .string(required)
  .trim()
  .min(1, MESSAGES.fieldRequired)
  .max(2048, MESSAGES.tooLarge.replace('{{max}}', '2048'))
  // Push services are reached over HTTPS only; anything else would make us call arbitrary hosts.
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', MESSAGES.invalidValue);
const key = z.string(required).trim().min(1, MESSAGES.fieldRequired).max(512, MESSAGES.invalidValue);

/** A browser PushSubscription as `JSON.stringify(subscription)` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: key, auth: key }, required),
});
type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

const unsubscribeSchema = z.object({ endpoint });
const changeSchema = z.object({ oldEndpoint: endpoint.nullable().optional(), subscription: pushSubscriptionSchema });

/** Refuses subscriptions whose endpoint is not a known push service (config.pushServiceHosts). */
export function assertPushService(allowed: readonly string[], endpointUrl: string) {
  const host = new URL(endpointUrl).hostname.toLowerCase();
  const ok = allowed.some((h) => h === '*' || h === host || (h.startsWith('.') && host.endsWith(h)));
  if (!ok) throw badRequest(MESSAGES.pushEndpointNotAllowed, { endpoint: MESSAGES.pushEndpointNotAllowed });
}

/** The endpoint now belongs to the caller (the same browser may have been someone else's). */
async function saveSubscription(db: Db, userId: string, s: PushSubscriptionInput) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sql`excluded.p256dh`, auth: sql`excluded.auth` },
    });
}

export default async function pushRoutes(app: FastifyInstance, opts: { push: PushService }) {
  const { db } = app.ctx.database;
  const tags = ['Notifications'];
  const access = { roles: 'any' } as const;

  app.get(
    API.vapidPublicKey,
    { schema: { tags, summary: 'The VAPID public key to subscribe a browser with' }, config: { access } },
    async () => ({ result: { publicKey: (await opts.push.vapidKeys()).publicKey } }),
  );

  app.post(
    API.subscribePush,
    {
      schema: { tags, summary: "Store this browser's push subscription", body: pushSubscriptionSchema },
      config: { access },
    },
    async (request) => {
      const subscription = request.body as PushSubscriptionInput;
      assertPushService(app.ctx.config.pushServiceHosts, subscription.endpoint);
      await saveSubscription(db, caller(request).userId, subscription);
      return { result: true };
    },
  );

  app.post(
    API.unsubscribePush,
    {
      schema: { tags, summary: "Forget this browser's push subscription", body: unsubscribeSchema },
      config: { access },
    },
    async (request) => {
      const { endpoint } = request.body as { endpoint: string };
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, caller(request).userId)));
      return { result: true };
    },
  );

  // Called by the service worker, which has no access token: the old endpoint (an unguessable
  // capability URL only that browser knows) identifies the subscription to replace. A signed-in
  // page may call it too, with its token; then the new subscription is the caller's.
  app.post(
    API.pushSubscriptionChange,
    {
      schema: { tags, summary: 'Replace a rotated push subscription (service worker)', body: changeSchema },
      // Public, so limited per IP like the other unauthenticated routes.
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => {
      const { oldEndpoint, subscription } = request.body as z.infer<typeof changeSchema>;
      assertPushService(app.ctx.config.pushServiceHosts, subscription.endpoint);
      const token = bearerToken(request);
      const auth = token ? await authenticate(app, token) : null;
      if (token && !auth) throw unauthorized(MESSAGES.invalidToken);
      const [old] = oldEndpoint
        ? await db
            .select({ userId: pushSubscriptions.userId })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, oldEndpoint))
            .limit(1)
        : [];
      const userId = auth?.userId ?? old?.userId;
      if (!userId) throw notFound();
      await db.transaction(async (tx) => {
        if (old && old.userId === userId && oldEndpoint !== subscription.endpoint) {
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, oldEndpoint!));
        }
        await saveSubscription(tx as unknown as Db, userId, subscription);
      });
      return { result: true };
    },
  );
}

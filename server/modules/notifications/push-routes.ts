/**
 * Web Push subscriptions of the caller's browsers (the product brief, section 7: the calls it
 * makes, Notifications): the VAPID public key the browser subscribes with, subscribe,
 * unsubscribe, and the service worker's `pushsubscriptionchange` (the browser rotated the
 * subscription). The table's reads and writes are in push-subscriptions.ts.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { authenticate, bearerToken, caller } from '../../auth/access';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { errorResponses, ok, okEmpty } from '../../http/response';
import { perIpLimit } from '../user';
import type { PushService } from './push-service';
import { removeSubscription, replaceSubscription, saveSubscription } from './push-subscriptions';
import { vapidKeyAnswer } from './schemas';

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

const unsubscribeSchema = z.object({ endpoint });
const changeSchema = z.object({ oldEndpoint: endpoint.nullable().optional(), subscription: pushSubscriptionSchema });

/** Refuses subscriptions whose endpoint is not a known push service (config.pushServiceHosts). */
export function assertPushService(allowed: readonly string[], endpointUrl: string) {
  const host = new URL(endpointUrl).hostname.toLowerCase();
  const ok = allowed.some((h) => h === '*' || h === host || (h.startsWith('.') && host.endsWith(h)));
  if (!ok) throw badRequest(MESSAGES.pushEndpointNotAllowed, { endpoint: MESSAGES.pushEndpointNotAllowed });
}

const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, opts) => {
  const { db } = app.ctx.database;
  const tags = ['Notifications'];
  const access = { roles: 'any' } as const;
  const done = { 200: okEmpty, ...errorResponses };

  app.get(
    API.vapidPublicKey,
    {
      schema: {
        tags,
        summary: 'The VAPID public key to subscribe a browser with',
        response: { 200: ok(vapidKeyAnswer), ...errorResponses },
      },
      config: { access },
    },
    async () => ({ result: { publicKey: (await opts.push.vapidKeys()).publicKey } }),
  );

  app.post(
    API.subscribePush,
    {
      schema: { tags, summary: "Store this browser's push subscription", body: pushSubscriptionSchema, response: done },
      config: { access },
    },
    async (request) => {
      assertPushService(app.ctx.config.pushServiceHosts, request.body.endpoint);
      await saveSubscription(db, caller(request).userId, request.body);
      return { result: true };
    },
  );

  app.post(
    API.unsubscribePush,
    {
      schema: { tags, summary: "Forget this browser's push subscription", body: unsubscribeSchema, response: done },
      config: { access },
    },
    async (request) => {
      await removeSubscription(db, caller(request).userId, request.body.endpoint);
      return { result: true };
    },
  );

  // Called by the service worker, which has no access token: the old endpoint identifies the
  // subscription to replace (push-subscriptions.ts). A signed-in page may call it too, with its
  // token; then the new subscription is the caller's.
  app.post(
    API.pushSubscriptionChange,
    {
      schema: {
        tags,
        summary: 'Replace a rotated push subscription (service worker)',
        body: changeSchema,
        response: done,
      },
      // Public, so limited per IP like the other unauthenticated routes.
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => {
      const { oldEndpoint, subscription } = request.body;
      assertPushService(app.ctx.config.pushServiceHosts, subscription.endpoint);
      const token = bearerToken(request);
      const auth = token ? await authenticate(app, token) : null;
      if (token && !auth) throw unauthorized(MESSAGES.invalidToken);
      if (!(await replaceSubscription(db, auth?.userId ?? null, oldEndpoint, subscription))) throw notFound();
      return { result: true };
    },
  );
};
export default pushRoutes;

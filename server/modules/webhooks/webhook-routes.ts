/**
 * A club owner's webhooks (settings/webhooks): endpoints, their secrets, the delivery log, send
 * test and retry. Every route is scoped to the owner's business; another business's endpoint
 * answers 404. Deliveries are signed (signature.ts explains how, and so does each route below).
 */
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { WEBHOOKS_API } from '../../../src/domain/webhooks/api';
import { DELIVERY_STATUSES, webhookEndpointSchema } from '../../../src/domain/webhooks/schemas';
import { caller } from '../../auth/access';
import { paged } from '../../http/paging';
import { errorResponses, ok, okEmpty, okList, timestamp, conflictResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { listDeliveries, retryDelivery, sendTest } from './delivery-service';
import {
  createEndpoint,
  deleteEndpoint,
  endpointOfBusiness,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './endpoint-service';

const tags = ['Webhooks'];
const OWNER = { access: { roles: ['CLUBOWNER' as const], tenant: true } };
const SIGNING =
  ' Each delivery is a POST of JSON `{ id, type, occurredAt, data }` with headers `Webhook-Id` (the delivery id, ' +
  'the same on every retry), `Webhook-Timestamp` (Unix seconds) and `Webhook-Signature: v1=<hex HMAC-SHA256 of ' +
  '"<timestamp>.<raw body>" keyed with the endpoint secret>`. Any 2xx within 10 s is success; otherwise it is ' +
  'retried after about 1 min, 5 min, 30 min, 2 h and 6 h (±10%), then marked failed.';
const endpointParams = z.object({ webhookId: z.string().max(64) });
const deliveryParams = endpointParams.extend({ deliveryId: z.string().max(64) });

const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const endpointWithSecret = endpointSchema.extend({ secret: z.string() });
const deliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.nullable(timestamp),
  lastStatusCode: z.number().nullable(),
  lastResponseMs: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  deliveredAt: z.nullable(timestamp),
});
const refusals = { ...errorResponses, ...conflictResponse };

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const bodySchema = webhookEndpointSchema(app.ctx.config.webhooks.allowPrivate);

  app.get(
    WEBHOOKS_API.endpoints,
    {
      schema: {
        tags,
        summary: 'My webhook endpoints (paged)',
        querystring: pagingQuery,
        response: { 200: okList(endpointSchema), ...errorResponses },
      },
      config: OWNER,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listEndpoints(db, businessOf(request), page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    WEBHOOKS_API.endpoints,
    {
      schema: {
        tags,
        summary: 'Add an endpoint (https; a host that resolves to a private or local address is refused). ' + SIGNING,
        body: bodySchema,
        response: { 200: ok(endpointWithSecret), ...refusals },
      },
      config: OWNER,
    },
    async (request) => ({
      result: await createEndpoint(app.ctx, businessOf(request), caller(request).userId, request.body),
    }),
  );

  app.get(
    WEBHOOKS_API.endpoint,
    {
      schema: {
        tags,
        summary: 'An endpoint, with its signing secret',
        params: endpointParams,
        response: { 200: ok(endpointWithSecret), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await endpointOfBusiness(db, businessOf(request), request.params.webhookId) }),
  );

  app.put(
    WEBHOOKS_API.endpoint,
    {
      schema: {
        tags,
        summary: 'Change an endpoint (url, description, events, active)',
        params: endpointParams,
        body: bodySchema,
        response: { 200: ok(endpointWithSecret), ...refusals },
      },
      config: OWNER,
    },
    async (request) => ({
      result: await updateEndpoint(app.ctx, businessOf(request), request.params.webhookId, request.body),
    }),
  );

  app.delete(
    WEBHOOKS_API.endpoint,
    {
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: endpointParams,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      await deleteEndpoint(db, businessOf(request), request.params.webhookId);
      return { result: true };
    },
  );

  app.post(
    WEBHOOKS_API.rotateSecret,
    {
      schema: {
        tags,
        summary: 'Replace the signing secret (the old one stops at once)',
        params: endpointParams,
        response: { 200: ok(endpointWithSecret), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await rotateSecret(app.ctx, businessOf(request), request.params.webhookId) }),
  );

  app.post(
    WEBHOOKS_API.test,
    {
      schema: {
        tags,
        summary: 'Send a `webhook.test` delivery now and answer its result (sent once, not retried).' + SIGNING,
        params: endpointParams,
        response: { 200: ok(deliverySchema), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await sendTest(app, businessOf(request), request.params.webhookId) }),
  );

  app.get(
    WEBHOOKS_API.deliveries,
    {
      schema: {
        tags,
        summary:
          "An endpoint's delivery log, newest first (paged): status, attempts, last status code and response time",
        params: endpointParams,
        querystring: pagingQuery,
        response: { 200: okList(deliverySchema), ...errorResponses },
      },
      config: OWNER,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listDeliveries(db, businessOf(request), request.params.webhookId, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    WEBHOOKS_API.retry,
    {
      schema: {
        tags,
        summary: 'Send a delivery again now and answer its result',
        params: deliveryParams,
        response: { 200: ok(deliverySchema), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const { webhookId, deliveryId } = request.params;
      return { result: await retryDelivery(app, businessOf(request), webhookId, deliveryId) };
    },
  );
};
export default webhookRoutes;

/**
 * The public ends of campaign mail (no sign-in; product brief sections 2 and 7, our reading):
 * the unsubscribe page's calls and the RFC 8058 one-click POST, the open pixel, the click
 * redirect and the provider's signed webhook. Each token is checked (tracking.ts) before any
 * row is read; a forged one is a 400 with its message (the pixel and the redirect answer as if
 * nothing happened where a person could not act on an error).
 */
import { z } from 'zod';
import { CAMPAIGN_API, WEBHOOK_SIGNATURE_HEADER } from '../../../src/domain/campaigns/api';
import { unsubscribeAnswer } from '../../../src/domain/campaigns/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { recordClick, recordOpen, unsubscribe, unsubscribeInfo } from './tracking';
import { receiveSendgrid, SENDGRID_SIGNATURE_HEADER, SENDGRID_TIMESTAMP_HEADER } from './sendgrid';
import { receiveWebhook } from './webhook';

const tags = ['Campaigns'];
const PUBLIC = { access: 'public' as const };
const tokenQuery = z.object({ token: z.string().max(4000) });
/** The smallest transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The one-click POST comes as a form (`List-Unsubscribe=One-Click`); the webhook is signed over
  // its exact bytes: both bodies are kept as text in this scope.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string' },
    (_req, body, done) => done(null, body),
  );

  app.get(
    CAMPAIGN_API.unsubscribe,
    {
      schema: {
        tags,
        summary: 'Who an unsubscribe link is for, and whether they are already off the list',
        querystring: tokenQuery,
        response: { 200: ok(unsubscribeAnswer), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request) => ({ result: await unsubscribeInfo(app, request.query.token) }),
  );

  app.post(
    CAMPAIGN_API.unsubscribe,
    {
      schema: {
        tags,
        summary:
          'Unsubscribe (the page’s button, or a mail client’s RFC 8058 one-click POST): the address is never mailed again by this business',
        querystring: tokenQuery,
        response: { 200: ok(unsubscribeAnswer), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request) => ({ result: await unsubscribe(app, request.query.token) }),
  );

  app.get(
    CAMPAIGN_API.open,
    {
      schema: {
        tags,
        summary: 'The open pixel (records an open)',
        querystring: tokenQuery,
        response: { 200: fileResponse('image/gif', 'A 1x1 transparent GIF') },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      await recordOpen(app, request.query.token);
      return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    },
  );

  app.get(
    CAMPAIGN_API.click,
    {
      schema: {
        tags,
        summary: 'A tracked link: records the click and redirects to the link the token signs',
        querystring: tokenQuery,
        response: { 302: z.null(), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const url = await recordClick(app, request.query.token);
      if (!url) return reply.code(400).send({ message: MESSAGES.campaignLinkInvalid, errors: {} });
      return reply.redirect(url, 302);
    },
  );

  app.post(
    CAMPAIGN_API.webhook,
    {
      schema: {
        tags,
        summary: `Provider notifications (delivered, bounce, complaint), HMAC-signed in ${WEBHOOK_SIGNATURE_HEADER}; stored once per event id`,
        response: { 200: ok(z.object({ received: z.literal(true), duplicate: z.boolean() })), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      const { duplicate } = await receiveWebhook(app, raw, Array.isArray(header) ? header[0] : header);
      return { result: { received: true as const, duplicate } };
    },
  );

  app.post(
    CAMPAIGN_API.sendgridWebhook,
    {
      schema: {
        tags,
        summary:
          'SendGrid’s signed Event Webhook (ECDSA P-256 over timestamp + body, SENDGRID_WEBHOOK_PUBLIC_KEY): delivered, bounce and spamreport applied, each stored once by sg_event_id',
        response: {
          200: ok(
            z.object({
              received: z.literal(true),
              stored: z.number(),
              duplicates: z.number(),
              ignored: z.number(),
            }),
          ),
          ...errorResponses,
        },
      },
      config: PUBLIC,
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const one = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const counts = await receiveSendgrid(app, raw, one(SENDGRID_SIGNATURE_HEADER), one(SENDGRID_TIMESTAMP_HEADER));
      return { result: { received: true as const, ...counts } };
    },
  );
};
export default publicRoutes;

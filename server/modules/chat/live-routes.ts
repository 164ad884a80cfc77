/**
 * The live chat's live calls (docs/live-chat.md): the widget's live connection (server-sent
 * events, GET …/live?after=N with the visitor token in its header, like the visitor's other
 * calls), and typing both ways — the visitor's (POST …/typing, public with the token) and a
 * member's (POST …/chatroom/{id}/typing: CLUBOWNER, USER of the conversation's business). The
 * visitor's calls check the token's visitor and the browser's Origin as the other visitor routes
 * do (403 for another site, 404 for another visitor's conversation), before anything streams.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_API, CHAT_ROLES, VISITOR_TOKEN_HEADER } from '../../../src/domain/chat/api';
import { afterQuery, typingSchema } from '../../../src/domain/chat/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { forbidden, notFound, tooManyRequests } from '../../http/errors';
import { errorResponses, fileResponse, ok, tooManyResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { domainById } from '../domains';
import { conversationIn, domainInbox, memberName } from './inbox-service';
import { announceTyping } from './live';
import { STREAM_HEARTBEAT_MS, visitorStreams } from './visitor-streams';
import { visitorsConversation } from './visitor-service';
import { originAllowed } from './visitor-routes';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

// The one id rule and message for every record id (src/domain/schemas/record-id.ts).
const uuid = recordIdSchema;
const convParams = z.object({ conversationId: uuid });
const roomParams = z.object({ domainId: uuid, chatRoomId: uuid });
const typingOut = ok(z.object({ typing: z.boolean() }));

/**
 * At most one notice per conversation, side and kind within this window on a process: a client
 * that ignores the widget's throttle costs the hub no more than a well-behaved one.
 */
const TYPING_MIN_GAP_MS = 1000;

function typingGate(now: () => number) {
  const last = new Map<string, { on: boolean; at: number }>();
  return (key: string, on: boolean) => {
    const t = now();
    const seen = last.get(key);
    if (seen && seen.on === on && t - seen.at < TYPING_MIN_GAP_MS) return false;
    if (last.size > 10_000) for (const [k, v] of last) if (t - v.at >= TYPING_MIN_GAP_MS) last.delete(k);
    last.set(key, { on, at: t });
    return true;
  };
}

/** The visitor's conversation, after the origin (403) and the token (404) checks. */
async function visitorConversation(app: FastifyInstance, request: FastifyRequest, conversationId: string) {
  const value = request.headers[VISITOR_TOKEN_HEADER];
  const c = await visitorsConversation(app, conversationId, typeof value === 'string' ? value : undefined);
  const domain = await domainById(app.ctx.database.db, c.domainId);
  if (!domain) throw notFound();
  if (!originAllowed(request, domain.name)) throw forbidden(MESSAGES.chatOriginRefused);
  return c;
}

/** `Last-Event-ID` (an EventSource reconnecting) or `after`: the last number the widget holds. */
function lastSeen(request: FastifyRequest, after: number): number {
  const id = Number(request.headers['last-event-id']);
  return Number.isInteger(id) && id >= 0 && id <= 2_000_000_000 ? Math.max(id, after) : after;
}

const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = visitorStreams(app);
  // Before the HTTP server waits for its connections: open streams would hold it forever.
  app.addHook('preClose', async () => streams.close());
  const gate = typingGate(() => Date.now());

  app.get(
    CHAT_API.visitorLive,
    {
      schema: {
        tags: ['Chat (visitor)'],
        summary:
          "The widget's live connection (text/event-stream): `messages` events (MessagesAfter; `id` is the last number), " +
          '`typing` ({ name, typing }) and `gone`; first what came after `after` (or Last-Event-ID) and the state now',
        params: convParams,
        querystring: afterQuery,
        response: {
          200: fileResponse('text/event-stream', 'Server-sent events until the widget leaves'),
          ...errorResponses,
          ...tooManyResponse,
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const c = await visitorConversation(app, request, request.params.conversationId);
      if (streams.full(c.id)) throw tooManyRequests(STREAM_HEARTBEAT_MS / 1000);
      reply.hijack();
      // The CORS headers were set on the reply in onRequest; a hijacked reply writes them itself.
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      reply.raw.flushHeaders();
      streams.open(c.id, lastSeen(request, request.query.after), reply.raw);
    },
  );

  app.post(
    CHAT_API.visitorTyping,
    {
      schema: {
        tags: ['Chat (visitor)'],
        summary: 'The visitor is typing (true) or stopped (false): the inbox shows it',
        params: convParams,
        body: typingSchema,
        response: { 200: typingOut, ...errorResponses },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const c = await visitorConversation(app, request, request.params.conversationId);
      const { typing } = request.body;
      if (c.state !== 'closed' && gate(`${c.id}:visitor`, typing))
        await announceTyping(app, c.businessId, c.id, { author: 'visitor', name: c.visitorName, on: typing });
      return { result: { typing } };
    },
  );

  app.post(
    CHAT_API.chatTyping,
    {
      schema: {
        tags: ['Chat'],
        summary: "A member is typing a reply (true) or stopped (false): the visitor's widget shows it",
        params: roomParams,
        body: typingSchema,
        response: { 200: typingOut, ...errorResponses },
      },
      config: { access: { roles: CHAT_ROLES, tenant: true } },
    },
    async (request) => {
      const auth = caller(request);
      const { db } = app.ctx.database;
      const c = await conversationIn(
        db,
        domainInbox(auth.businessId!, request.params.domainId),
        request.params.chatRoomId,
      );
      const { typing } = request.body;
      if (c.state !== 'closed' && gate(`${c.id}:member`, typing)) {
        const name = await memberName(db, auth.userId);
        await announceTyping(app, c.businessId, c.id, { author: 'member', name, on: typing });
      }
      return { result: { typing } };
    },
  );
};
export default liveRoutes;

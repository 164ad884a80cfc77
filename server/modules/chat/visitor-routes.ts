/**
 * The visitor's side (public: a website widget; the product brief, section 1): start or resume
 * a conversation on a domain with a signed visitor token, write, read after a sequence number,
 * ask for a person. The token travels in the x-visitor-token header (visitor-token.ts).
 * A browser's Origin must be the domain's (or a subdomain of it) or this server's own: a widget
 * loaded from another site is refused.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_API, VISITOR_TOKEN_HEADER } from '../../../src/domain/chat/api';
import { afterQuery, messageSchema, visitorStartSchema } from '../../../src/domain/chat/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { forbidden, notFound } from '../../http/errors';
import { conflictResponse, errorResponses, ok, tooManyResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { domainById } from '../domains';
import { messagesAfterOut, visitorOut } from './chat-out';
import { startConversation, visitorAsksForPerson, visitorRead, visitorWrites } from './visitor-service';
import { chatConversations } from './tables';
import { eq } from 'drizzle-orm';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Chat (visitor)'];
const PUBLIC = { access: 'public' as const };
// The one id rule and message for every record id (src/domain/schemas/record-id.ts).
const uuid = recordIdSchema;
const convParams = z.object({ conversationId: uuid });

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[VISITOR_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** The Origin's host is the domain, a subdomain of it, or this server itself (no Origin: not a browser). */
export function originAllowed(request: FastifyRequest, domainName: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  const own = (request.headers.host ?? '').split(':')[0]!.toLowerCase();
  const domain = domainName.toLowerCase();
  return host === own || host === domain || host.endsWith(`.${domain}`);
}

const visitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  async function checkOrigin(request: FastifyRequest, domainId: string) {
    const domain = await domainById(db, domainId);
    if (!domain) throw notFound();
    if (!originAllowed(request, domain.name)) throw forbidden(MESSAGES.chatOriginRefused);
  }
  async function checkConversationOrigin(request: FastifyRequest, conversationId: string) {
    const [c] = await db
      .select({ domainId: chatConversations.domainId })
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId));
    // No domain: an in-app support chat, never a website visitor's.
    if (!c?.domainId) throw notFound();
    await checkOrigin(request, c.domainId);
  }

  app.post(
    CHAT_API.visitorStart,
    {
      schema: {
        tags,
        summary: "Start (or resume, with the visitor's token) a conversation with a domain's bot",
        params: z.object({ domainId: uuid }),
        body: visitorStartSchema,
        response: { 200: ok(visitorOut), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request) => {
      await checkOrigin(request, request.params.domainId);
      const input = { name: request.body.name ?? '', answers: request.body.answers ?? [] };
      return { result: await startConversation(app, request.params.domainId, tokenOf(request), input, request.ip) };
    },
  );

  app.post(
    CHAT_API.visitorMessages,
    {
      schema: {
        tags,
        summary: "The visitor writes; answers the messages from theirs on (the bot's answer included)",
        params: convParams,
        body: messageSchema,
        response: { 201: ok(messagesAfterOut), ...errorResponses, ...conflictResponse, ...tooManyResponse },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const { conversationId } = request.params;
      await checkConversationOrigin(request, conversationId);
      const result = await visitorWrites(app, conversationId, tokenOf(request), request.body.text, request.ip);
      return reply.code(201).send({ result });
    },
  );

  app.get(
    CHAT_API.visitorMessages,
    {
      schema: {
        tags,
        summary: 'Messages after sequence number `after`, and the state now (the replay after a reconnect)',
        params: convParams,
        querystring: afterQuery,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request) => {
      const { conversationId } = request.params;
      await checkConversationOrigin(request, conversationId);
      return { result: await visitorRead(app, conversationId, tokenOf(request), request.query.after) };
    },
  );

  app.post(
    CHAT_API.visitorPerson,
    {
      schema: {
        tags,
        summary: 'The visitor asks for a person: the conversation waits for one and the team is told',
        params: convParams,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: PUBLIC,
    },
    async (request) => {
      const { conversationId } = request.params;
      await checkConversationOrigin(request, conversationId);
      return { result: await visitorAsksForPerson(app, conversationId, tokenOf(request)) };
    },
  );
};
export default visitorRoutes;

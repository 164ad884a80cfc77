/**
 * The in-app support chat's calls (paths: src/domain/chat/support.ts; docs/live-chat.md): the
 * user's side (every role but ADMIN and VENUEEMPLOYEE, with a business: the tenant rule refuses
 * an account without one) and IT's desk. A user's chat is theirs and their business's: another
 * user's chat id answers 404 and changes nothing. A website visitor's chat is never a support
 * chat, on either side.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { afterQuery, CONVERSATION_STATES, liveStatusSchema, messageSchema } from '../../../src/domain/chat/rules';
import {
  deskContactsQuery,
  SUPPORT_CHAT_API,
  SUPPORT_CHAT_DESK_ROLES,
  SUPPORT_CHAT_ROLES,
  type SupportChatStart,
  type SupportChatTicket,
} from '../../../src/domain/chat/support';
import { caller } from '../../auth/access';
import {
  assertTrue,
  conflictResponse,
  errorResponses,
  ok,
  okList,
  tooManyResponse,
  type Same,
} from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { contactOut, messagesAfterOut } from './chat-out';
import { contactsOf, conversationIn, memberReads, memberReplies, PLATFORM_INBOX, setLiveStatus } from './inbox-service';
import { announceSupportChat } from './support-live';
import {
  startSupportChat,
  userAsksForPerson,
  usersChat,
  chatRead,
  userWrites,
  type SupportUser,
} from './support-service';
import { turnIntoTicket } from './support-ticket';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Support chat'];
const USERS = { access: { roles: SUPPORT_CHAT_ROLES, tenant: true } };
const DESK = { access: { roles: [...SUPPORT_CHAT_DESK_ROLES] } };
// The one id rule and message for every record id (src/domain/schemas/record-id.ts).
const params = z.object({ conversationId: recordIdSchema });

const startOut = z.object({
  conversationId: z.string(),
  botName: z.string(),
  avatarUrl: z.string().nullable(),
  state: z.enum(CONVERSATION_STATES),
  ticketId: z.string().nullable(),
});
const ticketOut = z.object({ ticketId: z.string(), number: z.number().int() });
const supportContactOut = contactOut.extend({ ticketId: z.string().nullable() });
assertTrue<Same<z.output<typeof startOut>, SupportChatStart>>();
assertTrue<Same<z.output<typeof ticketOut>, SupportChatTicket>>();

const userOf = (request: FastifyRequest): SupportUser => {
  const auth = caller(request);
  return { userId: auth.userId, businessId: auth.businessId! };
};

const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const now = () => new Date(app.ctx.now());
  const ticketResponses = { 201: ok(ticketOut), ...errorResponses, ...conflictResponse };

  // The user's side

  app.post(
    SUPPORT_CHAT_API.start,
    {
      schema: {
        tags,
        summary: "Start (or resume the open) support chat with the platform, in the caller's business",
        response: { 200: ok(startOut), ...errorResponses },
      },
      config: USERS,
    },
    async (request) => ({ result: await startSupportChat(app, userOf(request)) }),
  );
  app.get(
    SUPPORT_CHAT_API.messages,
    {
      schema: {
        tags,
        summary: 'Messages after sequence number `after`, and the state now (the replay after a reconnect)',
        params,
        querystring: afterQuery,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: USERS,
    },
    async (request) => {
      const chat = await usersChat(db, userOf(request), request.params.conversationId);
      return { result: await chatRead(db, chat, request.query.after) };
    },
  );
  app.post(
    SUPPORT_CHAT_API.messages,
    {
      schema: {
        tags,
        summary: "The user writes; answers the messages from theirs on (the platform bot's answer included)",
        params,
        body: messageSchema,
        response: { 201: ok(messagesAfterOut), ...errorResponses, ...conflictResponse, ...tooManyResponse },
      },
      config: USERS,
    },
    async (request, reply) => {
      const result = await userWrites(app, userOf(request), request.params.conversationId, request.body.text);
      return reply.code(201).send({ result });
    },
  );
  app.post(
    SUPPORT_CHAT_API.person,
    {
      schema: {
        tags,
        summary: 'The user asks for a person: the chat waits for IT',
        params,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: USERS,
    },
    async (request) => ({ result: await userAsksForPerson(app, userOf(request), request.params.conversationId) }),
  );
  app.post(
    SUPPORT_CHAT_API.ticket,
    {
      schema: {
        tags,
        summary: 'Turn the chat into a support ticket with its transcript (once; an empty chat answers 409)',
        params,
        response: ticketResponses,
      },
      config: USERS,
    },
    async (request, reply) => {
      const chat = await usersChat(db, userOf(request), request.params.conversationId);
      return reply.code(201).send({ result: await turnIntoTicket(app, chat) });
    },
  );

  // IT's desk

  app.get(
    SUPPORT_CHAT_API.deskContacts,
    {
      schema: {
        tags,
        summary: "Every business's support chats, latest first: last message, unread count, state, ticket",
        querystring: deskContactsQuery,
        response: { 200: okList(supportContactOut), ...errorResponses },
      },
      config: DESK,
    },
    async (request) => ({ result: await contactsOf(db, PLATFORM_INBOX, request.query) }),
  );
  app.get(
    SUPPORT_CHAT_API.deskMessages,
    {
      schema: {
        tags,
        summary: "A support chat's messages after sequence number `after`, and its state; marks them read",
        params,
        querystring: afterQuery,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: DESK,
    },
    async (request) => ({
      result: await memberReads(db, PLATFORM_INBOX, request.params.conversationId, request.query.after),
    }),
  );
  app.post(
    SUPPORT_CHAT_API.deskMessages,
    {
      schema: {
        tags,
        summary: "IT's reply (takes the chat over: the bot stops). A closed chat answers 409",
        params,
        body: messageSchema,
        response: { 201: ok(messagesAfterOut), ...errorResponses, ...conflictResponse },
      },
      config: DESK,
    },
    async (request, reply) => {
      const { userId } = caller(request);
      const { conversationId: id } = request.params;
      const { conv } = await memberReplies(db, PLATFORM_INBOX, userId, id, request.body.text, now());
      await announceSupportChat(app, conv);
      // From before the reply: the takeover's line written just before it is answered too.
      return reply.code(201).send({ result: await memberReads(db, PLATFORM_INBOX, id, conv.lastSeq) });
    },
  );
  app.patch(
    SUPPORT_CHAT_API.deskStatus,
    {
      schema: {
        tags,
        summary: 'Live status: human (take over: the bot stops), bot (hand back), closed',
        params,
        body: liveStatusSchema,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: DESK,
    },
    async (request) => {
      const { userId } = caller(request);
      const { conversationId: id } = request.params;
      const before = await setLiveStatus(db, PLATFORM_INBOX, userId, id, request.body.status, now());
      await announceSupportChat(app, before);
      return { result: await memberReads(db, PLATFORM_INBOX, id, before.lastSeq) };
    },
  );
  app.post(
    SUPPORT_CHAT_API.deskTicket,
    {
      schema: {
        tags,
        summary: "Turn the chat into a support ticket with its transcript, opened in the user's name",
        params,
        response: ticketResponses,
      },
      config: DESK,
    },
    async (request, reply) => {
      const chat = await conversationIn(db, PLATFORM_INBOX, request.params.conversationId);
      return reply.code(201).send({ result: await turnIntoTicket(app, chat) });
    },
  );
};
export default supportRoutes;

/**
 * The conversations inbox (conversations: CLUBOWNER, USER; the product brief, section 7 — Chats:
 * GET contacts with domainId, DELETE /{domainId} with chatIds (comma list), POST archive with
 * chatIds, PATCH live status /{domainId}/chatroom/{chatRoomId}), and ours: a conversation's
 * messages after a sequence number and a member's reply. The tenant is the caller's business:
 * another business's chat ids in a bulk delete or archive match nothing and change nothing.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_API, CHAT_ROLES } from '../../../src/domain/chat/api';
import {
  afterQuery,
  archiveSchema,
  chatIdsQuery,
  contactsQuery,
  liveStatusSchema,
  messageSchema,
} from '../../../src/domain/chat/rules';
import { caller } from '../../auth/access';
import { conflictResponse, errorResponses, ok, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { contactOut, idsOut, messagesAfterOut } from './chat-out';
import {
  archiveChats,
  contactsOf,
  deleteChats,
  domainInbox,
  memberReads,
  memberReplies,
  setLiveStatus,
} from './inbox-service';
import { announceConversations } from './live';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Chat'];
const OWNERS = { access: { roles: CHAT_ROLES, tenant: true } };
// The one id rule and message for every record id (src/domain/schemas/record-id.ts).
const uuid = recordIdSchema;
const domainParams = z.object({ domainId: uuid });
const roomParams = z.object({ domainId: uuid, chatRoomId: uuid });

const member = (request: FastifyRequest) => {
  const auth = caller(request);
  return { userId: auth.userId, businessId: auth.businessId! };
};

const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const now = () => new Date(app.ctx.now());

  app.get(
    CHAT_API.contacts,
    {
      schema: {
        tags,
        summary:
          "A domain's conversations, latest first: last message, unread count, state (filter by state, archived, " +
          'and a filter question’s answer: question and answer)',
        querystring: contactsQuery,
        response: { 200: okList(contactOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const inbox = domainInbox(member(request).businessId, request.query.domainId);
      return { result: await contactsOf(db, inbox, request.query) };
    },
  );

  app.delete(
    CHAT_API.chats,
    {
      schema: {
        tags,
        summary: 'Delete conversations (chatIds: a comma list); answers the ids deleted — none of another business',
        params: domainParams,
        querystring: chatIdsQuery,
        response: { 200: ok(idsOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const { businessId } = member(request);
      const ids = await deleteChats(db, businessId, request.params.domainId, request.query.chatIds);
      await announceConversations(app, businessId, ids, 'deleted');
      return { result: { ids } };
    },
  );

  app.post(
    CHAT_API.archive,
    {
      schema: {
        tags,
        summary: 'Archive conversations (chatIds); answers the ids archived — none of another business',
        body: archiveSchema,
        response: { 200: ok(idsOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const { businessId } = member(request);
      const ids = await archiveChats(db, businessId, request.body.domainId, request.body.chatIds);
      await announceConversations(app, businessId, ids);
      return { result: { ids } };
    },
  );

  app.patch(
    CHAT_API.liveStatus,
    {
      schema: {
        tags,
        summary: 'Live status: human (take over: the bot stops), bot (hand back), closed',
        params: roomParams,
        body: liveStatusSchema,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const who = member(request);
      const { domainId, chatRoomId } = request.params;
      const inbox = domainInbox(who.businessId, domainId);
      const before = await setLiveStatus(db, inbox, who.userId, chatRoomId, request.body.status, now());
      await announceConversations(app, who.businessId, [chatRoomId]);
      return { result: await memberReads(db, inbox, chatRoomId, before.lastSeq) };
    },
  );

  app.get(
    CHAT_API.chatMessages,
    {
      schema: {
        tags,
        summary:
          "A conversation's messages after sequence number `after` (0: from the start), and its state; marks them read",
        params: roomParams,
        querystring: afterQuery,
        response: { 200: ok(messagesAfterOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const { domainId, chatRoomId } = request.params;
      const inbox = domainInbox(member(request).businessId, domainId);
      return { result: await memberReads(db, inbox, chatRoomId, request.query.after) };
    },
  );

  app.post(
    CHAT_API.chatMessages,
    {
      schema: {
        tags,
        summary: "A member's reply (the member takes the conversation over: the bot stops). A closed one answers 409",
        params: roomParams,
        body: messageSchema,
        response: { 201: ok(messagesAfterOut), ...errorResponses, ...conflictResponse },
      },
      config: OWNERS,
    },
    async (request, reply) => {
      const who = member(request);
      const { domainId, chatRoomId } = request.params;
      const inbox = domainInbox(who.businessId, domainId);
      const { conv } = await memberReplies(db, inbox, who.userId, chatRoomId, request.body.text, now());
      await announceConversations(app, who.businessId, [chatRoomId]);
      // From before the reply, not from the reply itself: a takeover's line comes just before it,
      // and the screen keeps nothing below the last number it holds (use-conversation.ts).
      const result = await memberReads(db, inbox, chatRoomId, conv.lastSeq);
      return reply.code(201).send({ result });
    },
  );
};
export default chatsRoutes;

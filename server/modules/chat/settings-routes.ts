/**
 * A domain's bot and its knowledge (conversations/{id}/settings: CLUBOWNER, USER; the product
 * brief, section 7 — Helpdesk: POST add, GET list with businessId, domainId and paging, DELETE
 * with questionId; filter questions the same; PUT system prompt; PUT bot parameters; GET and PUT
 * chatbot (multipart); PUT avatar (multipart)). Paths: src/domain/chat/api.ts. The tenant is the
 * caller's business; a domain or an entry of another business answers 404.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_API, CHAT_ROLES } from '../../../src/domain/chat/api';
import { filterQuestionSchema, questionIdQuery, questionListQuery } from '../../../src/domain/chat/rules';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { conflictResponse, errorBody, errorResponses, fileResponse, ok, okEmpty, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { avatarKey } from '../storage';
import botSettingsRoutes, { AVATAR_FILE, type BotStore } from './bot-settings-routes';
import { filterOut } from './chat-out';
import { getSettings, saveAvatar, saveChatbot, saveParameters, saveSystemPrompt } from './chat-settings';
import { addFilter, addHelpdesk, deleteFilter, deleteHelpdesk, listFilters, listHelpdesk } from './helpdesk-service';

const tags = ['Chat'];
const OWNERS = { access: { roles: CHAT_ROLES, tenant: true } };

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const now = () => new Date(app.ctx.now());
  const storage = app.ctx.storage;

  // The bot and its helpdesk: the calls the platform's bot shares (bot-settings-routes.ts).
  await app.register(botSettingsRoutes, {
    paths: CHAT_API,
    tags,
    access: OWNERS.access,
    whose: "a domain's",
    namesDomain: true,
    store: (request): BotStore => {
      const businessId = businessOf(request);
      return {
        settings: (domainId) => getSettings(db, businessId, domainId!),
        saveChatbot: (input, at) => saveChatbot(db, businessId, input, at),
        savePrompt: (input, at) => saveSystemPrompt(db, businessId, input, at),
        saveParameters: (input, at) => saveParameters(db, businessId, input, at),
        saveAvatar: (domainId, file, at) => saveAvatar(db, businessId, domainId, file, at),
        addHelpdesk: (input, at) => addHelpdesk(db, businessId, input, at),
        listHelpdesk: (q) => listHelpdesk(db, businessId, q),
        deleteHelpdesk: (questionId) => deleteHelpdesk(db, businessId, questionId),
      };
    },
  });

  // Filter questions (a domain's only): add, list (paged), delete.

  app.post(
    CHAT_API.filterAdd,
    {
      schema: {
        tags,
        summary:
          'Add a question asked before a chat (choices listed in toPerson route it to a person; 409 for a question the domain already asks)',
        body: filterQuestionSchema,
        response: { 201: ok(filterOut), ...errorResponses, ...conflictResponse },
      },
      config: OWNERS,
    },
    async (request, reply) =>
      reply.code(201).send({ result: await addFilter(db, businessOf(request), request.body, now()) }),
  );
  app.get(
    CHAT_API.filter,
    {
      schema: {
        tags,
        summary: "A domain's filter questions, newest first (paging-data header)",
        querystring: questionListQuery,
        response: { 200: okList(filterOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request, reply) => {
      const { rows, total } = await listFilters(db, businessOf(request), request.query);
      return paged(reply, rows, request.query.page, request.query.perPage, total);
    },
  );
  app.delete(
    CHAT_API.filter,
    {
      schema: {
        tags,
        summary: 'Delete a filter question',
        querystring: questionIdQuery,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      await deleteFilter(db, businessOf(request), request.query.questionId);
      return { result: true };
    },
  );

  // Public: a visitor's widget shows the picture, and <img> sends no token. Names are random 128-bit values.
  app.get(
    CHAT_API.avatarFile,
    {
      schema: {
        tags,
        summary: "A bot's picture",
        params: z.object({ file: z.string().max(64) }),
        response: { 200: fileResponse('image/*', 'The picture'), 404: errorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { file } = request.params;
      const found = AVATAR_FILE.test(file) ? await storage.get(avatarKey(file)) : null;
      if (!found) throw notFound();
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(found.body);
    },
  );
};
export default settingsRoutes;

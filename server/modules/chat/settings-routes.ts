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
import {
  botParametersSchema,
  chatbotSchema,
  domainQuery,
  filterQuestionSchema,
  helpdeskQuestionSchema,
  questionIdQuery,
  questionListQuery,
  systemPromptSchema,
} from '../../../src/domain/chat/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorBody, errorResponses, fileResponse, ok, okEmpty, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS, registerMultipart, storeUpload, uploadHooks } from '../storage';
import { filterOut, helpdeskOut, settingsOut } from './chat-out';
import { getSettings, saveAvatar, saveChatbot, saveParameters, saveSystemPrompt } from './chat-settings';
import { addFilter, addHelpdesk, deleteFilter, deleteHelpdesk, listFilters, listHelpdesk } from './helpdesk-service';

const tags = ['Chat'];
const OWNERS = { access: { roles: CHAT_ROLES, tenant: true } };
const FIELD = 'avatar';
const AVATAR_FILE = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const keyOf = (name: string) => `${FILE_KINDS.avatar.folder}/${name}`;

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const now = () => new Date(app.ctx.now());
  const storage = app.ctx.storage;
  await registerMultipart(app, { maxBytes: FILE_KINDS.avatar.maxBytes, fields: 4 });
  const removeQuietly = async (name: string | null) => {
    if (name && AVATAR_FILE.test(name))
      await storage.delete(keyOf(name)).catch((err: unknown) => app.log.warn({ err }, 'could not delete a bot avatar'));
  };
  const upload = uploadHooks(app, {
    files: [FIELD],
    tooLarge: FILE_KINDS.avatar.tooLarge,
    save: async (field, part) => (await storeUpload(storage, 'avatar', field, part.file)).key.slice(keyOf('').length),
    drop: removeQuietly,
  });

  // Helpdesk and filter questions: add, list (paged), delete.

  app.post(
    CHAT_API.helpdeskAdd,
    {
      schema: {
        tags,
        summary: 'Add a helpdesk question and its answer to a domain',
        body: helpdeskQuestionSchema,
        response: { 201: ok(helpdeskOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request, reply) =>
      reply.code(201).send({ result: await addHelpdesk(db, businessOf(request), request.body, now()) }),
  );
  app.get(
    CHAT_API.helpdesk,
    {
      schema: {
        tags,
        summary: "A domain's helpdesk, newest first (paging-data header)",
        querystring: questionListQuery,
        response: { 200: okList(helpdeskOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request, reply) => {
      const { rows, total } = await listHelpdesk(db, businessOf(request), request.query);
      return paged(reply, rows, request.query.page, request.query.perPage, total);
    },
  );
  app.delete(
    CHAT_API.helpdesk,
    {
      schema: {
        tags,
        summary: 'Delete a helpdesk question',
        querystring: questionIdQuery,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      await deleteHelpdesk(db, businessOf(request), request.query.questionId);
      return { result: true };
    },
  );
  app.post(
    CHAT_API.filterAdd,
    {
      schema: {
        tags,
        summary: 'Add a question asked before a chat (choices listed in toPerson route it to a person)',
        body: filterQuestionSchema,
        response: { 201: ok(filterOut), ...errorResponses },
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

  app.put(
    CHAT_API.systemPrompt,
    {
      schema: {
        tags,
        summary: "The bot's system prompt (used where a model is configured; never joined to a visitor's text)",
        body: systemPromptSchema,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await saveSystemPrompt(db, businessOf(request), request.body, now()) }),
  );
  app.put(
    CHAT_API.botParameters,
    {
      schema: {
        tags,
        summary: 'Tone, answer length, temperature, when to hand over, caps per session, day and IP',
        body: botParametersSchema,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await saveParameters(db, businessOf(request), request.body, now()) }),
  );
  app.get(
    CHAT_API.chatbot,
    {
      schema: {
        tags,
        summary: "A domain's bot (defaults until first saved)",
        querystring: domainQuery,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await getSettings(db, businessOf(request), request.query.domainId) }),
  );
  app.put(
    CHAT_API.chatbot,
    {
      schema: {
        tags,
        summary:
          "Name, greeting, answering from the business's documents; JSON or multipart (optional file part avatar)",
        consumes: ['application/json', 'multipart/form-data'],
        body: chatbotSchema,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: OWNERS,
      ...upload.hooks,
    },
    async (request) => {
      const businessId = businessOf(request);
      let result = await saveChatbot(db, businessId, request.body, now());
      const file = upload.file(request);
      if (file) {
        const saved = await saveAvatar(db, businessId, request.body.domainId, file, now());
        upload.claim(request);
        await removeQuietly(saved.replaced);
        result = saved.settings;
      }
      return { result };
    },
  );
  app.put(
    CHAT_API.avatar,
    {
      schema: {
        tags,
        summary: "The bot's picture (multipart: domainId, file part avatar — PNG, JPEG, WebP or GIF ≤ 2 MB)",
        consumes: ['multipart/form-data'],
        body: domainQuery,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: OWNERS,
      ...upload.hooks,
    },
    async (request) => {
      const file = upload.file(request);
      if (!file) throw badRequest(MESSAGES.invalidInput, { [FIELD]: MESSAGES.fieldRequired });
      const saved = await saveAvatar(db, businessOf(request), request.body.domainId, file, now());
      upload.claim(request);
      await removeQuietly(saved.replaced);
      return { result: saved.settings };
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
      const found = AVATAR_FILE.test(file) ? await storage.get(keyOf(file)) : null;
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

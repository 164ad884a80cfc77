/**
 * The platform's bot and helpdesk, kept by ADMIN (docs/live-chat.md, "The in-app support chat"):
 * the calls of a domain's settings (settings-routes.ts) with the same bodies and answers, under
 * /api/support-chat, where the domain id is always PLATFORM_CHAT_ID (any other answers 404). The
 * support chat's bot answers from this helpdesk.
 */
import { SUPPORT_CHAT_ADMIN_ROLES, SUPPORT_CHAT_API } from '../../../src/domain/chat/support';
import {
  botParametersSchema,
  chatbotSchema,
  domainQuery,
  helpdeskQuestionSchema,
  questionIdQuery,
  questionListQuery,
  systemPromptSchema,
} from '../../../src/domain/chat/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okEmpty, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS, registerMultipart, storeUpload, uploadHooks } from '../storage';
import { helpdeskOut, settingsOut } from './chat-out';
import {
  addPlatformHelpdesk,
  checkPlatformId,
  deletePlatformHelpdesk,
  listPlatformHelpdesk,
  platformSettings,
  savePlatformAvatar,
  savePlatformChatbot,
  savePlatformParameters,
  savePlatformPrompt,
} from './support-settings';

const tags = ['Support chat (platform bot)'];
const ADMIN = { access: { roles: SUPPORT_CHAT_ADMIN_ROLES } };
const FIELD = 'avatar';
const AVATAR_FILE = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const keyOf = (name: string) => `${FILE_KINDS.avatar.folder}/${name}`;

const supportSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    SUPPORT_CHAT_API.helpdeskAdd,
    {
      schema: {
        tags,
        summary: "Add a question and its answer to the platform's helpdesk",
        body: helpdeskQuestionSchema,
        response: { 201: ok(helpdeskOut), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request, reply) => reply.code(201).send({ result: await addPlatformHelpdesk(db, request.body, now()) }),
  );
  app.get(
    SUPPORT_CHAT_API.helpdesk,
    {
      schema: {
        tags,
        summary: "The platform's helpdesk, newest first (paging-data header)",
        querystring: questionListQuery,
        response: { 200: okList(helpdeskOut), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request, reply) => {
      const { rows, total } = await listPlatformHelpdesk(db, request.query);
      return paged(reply, rows, request.query.page, request.query.perPage, total);
    },
  );
  app.delete(
    SUPPORT_CHAT_API.helpdesk,
    {
      schema: {
        tags,
        summary: "Delete a question of the platform's helpdesk (a business's answers 404)",
        querystring: questionIdQuery,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => {
      await deletePlatformHelpdesk(db, request.query.questionId);
      return { result: true };
    },
  );

  app.put(
    SUPPORT_CHAT_API.systemPrompt,
    {
      schema: {
        tags,
        summary: "The platform bot's system prompt (used where a model is configured; never joined to a user's text)",
        body: systemPromptSchema,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => ({ result: await savePlatformPrompt(db, request.body, now()) }),
  );
  app.put(
    SUPPORT_CHAT_API.botParameters,
    {
      schema: {
        tags,
        summary: "The platform bot's tone, answer length, temperature, handover and caps",
        body: botParametersSchema,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => ({ result: await savePlatformParameters(db, request.body, now()) }),
  );
  app.get(
    SUPPORT_CHAT_API.chatbot,
    {
      schema: {
        tags,
        summary: "The platform's bot (defaults until first saved); its domainId is PLATFORM_CHAT_ID",
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: ADMIN,
    },
    async () => ({ result: await platformSettings(db) }),
  );
  app.put(
    SUPPORT_CHAT_API.chatbot,
    {
      schema: {
        tags,
        summary: "The platform bot's name and greeting; JSON or multipart (optional file part avatar)",
        consumes: ['application/json', 'multipart/form-data'],
        body: chatbotSchema,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: ADMIN,
      ...upload.hooks,
    },
    async (request) => {
      let result = await savePlatformChatbot(db, request.body, now());
      const file = upload.file(request);
      if (file) {
        const saved = await savePlatformAvatar(db, file, now());
        upload.claim(request);
        await removeQuietly(saved.replaced);
        result = saved.settings;
      }
      return { result };
    },
  );
  app.put(
    SUPPORT_CHAT_API.avatar,
    {
      schema: {
        tags,
        summary: "The platform bot's picture (multipart: domainId, file part avatar — PNG, JPEG, WebP or GIF ≤ 2 MB)",
        consumes: ['multipart/form-data'],
        body: domainQuery,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config: ADMIN,
      ...upload.hooks,
    },
    async (request) => {
      checkPlatformId(request.body.domainId);
      const file = upload.file(request);
      if (!file) throw badRequest(MESSAGES.invalidInput, { [FIELD]: MESSAGES.fieldRequired });
      const saved = await savePlatformAvatar(db, file, now());
      upload.claim(request);
      await removeQuietly(saved.replaced);
      return { result: saved.settings };
    },
  );
};
export default supportSettingsRoutes;

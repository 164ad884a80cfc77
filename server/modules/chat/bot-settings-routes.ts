/**
 * A bot's settings and helpdesk calls, for a scope: a business's domain (settings-routes.ts,
 * conversations/{id}/settings: CLUBOWNER and USER, the caller's business the tenant) or the
 * platform (support-settings-routes.ts: ADMIN; PLATFORM_CHAT_ID where a domain's id goes). The
 * same bodies and answers either way (the product brief, section 7 — Helpdesk: POST add, GET list
 * with paging, DELETE with questionId; PUT system prompt; PUT bot parameters; GET and PUT chatbot
 * (multipart); PUT avatar (multipart)); the scope says where the settings are kept and who calls.
 */
import type { FastifyRequest } from 'fastify';
import {
  botParametersSchema,
  chatbotSchema,
  domainQuery,
  helpdeskQuestionSchema,
  questionIdQuery,
  questionListQuery,
  systemPromptSchema,
  type BotParametersInput,
  type ChatbotInput,
  type HelpdeskQuestionInput,
  type SystemPromptInput,
} from '../../../src/domain/chat/rules';
import type { BotSettings, HelpdeskEntry } from '../../../src/domain/chat/wire';
import { MESSAGES } from '../../../src/domain/messages';
import type { Access } from '../../context';
import { badRequest } from '../../http/errors';
import { paged } from '../../http/paging';
import { conflictResponse, errorResponses, ok, okEmpty, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { avatarKey, FILE_KINDS, registerMultipart, storeAvatarImage, uploadHooks } from '../storage';
import { helpdeskOut, settingsOut } from './chat-out';

/** A stored bot picture's name: random 128 bits and its kind (WebP from storage's avatar-image.ts; older ones as uploaded). */
export const AVATAR_FILE = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const FIELD = 'avatar';

/** A scope's bot and helpdesk; each refuses (404) an id that is not the scope's. */
export interface BotStore {
  settings(domainId: string | undefined): Promise<BotSettings>;
  saveChatbot(input: ChatbotInput, now: Date): Promise<BotSettings>;
  savePrompt(input: SystemPromptInput, now: Date): Promise<BotSettings>;
  saveParameters(input: BotParametersInput, now: Date): Promise<BotSettings>;
  /** Sets the picture; answers the settings and the picture it replaced (to remove). */
  saveAvatar(domainId: string, file: string, now: Date): Promise<{ settings: BotSettings; replaced: string | null }>;
  addHelpdesk(input: HelpdeskQuestionInput, now: Date): Promise<HelpdeskEntry>;
  listHelpdesk(q: {
    domainId: string;
    page: number;
    perPage: number;
  }): Promise<{ rows: HelpdeskEntry[]; total: number }>;
  deleteHelpdesk(questionId: string): Promise<void>;
}

export interface BotScope {
  paths: {
    helpdeskAdd: string;
    helpdesk: string;
    systemPrompt: string;
    botParameters: string;
    chatbot: string;
    avatar: string;
  };
  tags: string[];
  access: Access;
  /** Whose bot, in the summaries: "a domain's", "the platform's". */
  whose: string;
  /** GET chatbot names the domain; the platform has one bot, so it names none. */
  namesDomain: boolean;
  /** The store for this request (a domain's: the caller's business). */
  store(request: FastifyRequest): BotStore;
}

const botSettingsRoutes: FastifyPluginAsyncZod<BotScope> = async (app, scope) => {
  const { paths, tags, whose, store } = scope;
  const config = { access: scope.access };
  const now = () => new Date(app.ctx.now());
  const storage = app.ctx.storage;
  await registerMultipart(app, { maxBytes: FILE_KINDS.avatar.maxBytes, fields: 5 });
  const removeQuietly = async (name: string | null) => {
    if (name && AVATAR_FILE.test(name))
      await storage
        .delete(avatarKey(name))
        .catch((err: unknown) => app.log.warn({ err }, 'could not delete a bot avatar'));
  };
  const upload = uploadHooks(app, {
    files: [FIELD],
    tooLarge: FILE_KINDS.avatar.tooLarge,
    save: (field, part) => storeAvatarImage(storage, field, part.file),
    drop: removeQuietly,
  });
  /** Sets the request's uploaded picture, if it has one: claims the upload, removes the one replaced. */
  const takeAvatar = async (request: FastifyRequest, bot: BotStore, domainId: string) => {
    const file = upload.file(request);
    if (!file) return null;
    const saved = await bot.saveAvatar(domainId, file, now());
    upload.claim(request);
    await removeQuietly(saved.replaced);
    return saved.settings;
  };

  app.post(
    paths.helpdeskAdd,
    {
      schema: {
        tags,
        summary: `Add a question and its answer to ${whose} helpdesk (409 for a question it already has, case and spaces aside)`,
        body: helpdeskQuestionSchema,
        response: { 201: ok(helpdeskOut), ...errorResponses, ...conflictResponse },
      },
      config,
    },
    async (request, reply) => reply.code(201).send({ result: await store(request).addHelpdesk(request.body, now()) }),
  );
  app.get(
    paths.helpdesk,
    {
      schema: {
        tags,
        summary: `List ${whose} helpdesk, newest first (paging-data header)`,
        querystring: questionListQuery,
        response: { 200: okList(helpdeskOut), ...errorResponses },
      },
      config,
    },
    async (request, reply) => {
      const { rows, total } = await store(request).listHelpdesk(request.query);
      return paged(reply, rows, request.query.page, request.query.perPage, total);
    },
  );
  app.delete(
    paths.helpdesk,
    {
      schema: {
        tags,
        summary: `Delete a question of ${whose} helpdesk (another's answers 404)`,
        querystring: questionIdQuery,
        response: { 200: okEmpty, ...errorResponses },
      },
      config,
    },
    async (request) => {
      await store(request).deleteHelpdesk(request.query.questionId);
      return { result: true };
    },
  );

  // Each save may name the settings' updatedAt it was made from: saved since, 409 and nothing written.
  app.put(
    paths.systemPrompt,
    {
      schema: {
        tags,
        summary: `Set ${whose} bot's system prompt (used where a model is configured; never joined to what people write)`,
        body: systemPromptSchema,
        response: { 200: ok(settingsOut), ...errorResponses, ...conflictResponse },
      },
      config,
    },
    async (request) => ({ result: await store(request).savePrompt(request.body, now()) }),
  );
  app.put(
    paths.botParameters,
    {
      schema: {
        tags,
        summary: `Set ${whose} bot's tone, answer length, temperature, when to hand over, caps`,
        body: botParametersSchema,
        response: { 200: ok(settingsOut), ...errorResponses, ...conflictResponse },
      },
      config,
    },
    async (request) => ({ result: await store(request).saveParameters(request.body, now()) }),
  );
  app.get(
    paths.chatbot,
    {
      schema: {
        tags,
        summary: `Get ${whose} bot (defaults until first saved)`,
        ...(scope.namesDomain ? { querystring: domainQuery } : {}),
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config,
    },
    async (request) => {
      const { domainId } = (request.query ?? {}) as { domainId?: string };
      return { result: await store(request).settings(domainId) };
    },
  );
  app.put(
    paths.chatbot,
    {
      schema: {
        tags,
        summary: `Set ${whose} bot's name, greeting, answering from documents; JSON or multipart (optional file part avatar)`,
        consumes: ['application/json', 'multipart/form-data'],
        body: chatbotSchema,
        response: { 200: ok(settingsOut), ...errorResponses, ...conflictResponse },
      },
      config,
      ...upload.hooks,
    },
    async (request) => {
      const bot = store(request);
      const saved = await bot.saveChatbot(request.body, now());
      return { result: (await takeAvatar(request, bot, request.body.domainId)) ?? saved };
    },
  );
  app.put(
    paths.avatar,
    {
      schema: {
        tags,
        summary: `Set ${whose} bot's picture (multipart: domainId, file part avatar — PNG, JPEG, WebP or GIF ≤ 2 MB)`,
        consumes: ['multipart/form-data'],
        body: domainQuery,
        response: { 200: ok(settingsOut), ...errorResponses },
      },
      config,
      ...upload.hooks,
    },
    async (request) => {
      const settings = await takeAvatar(request, store(request), request.body.domainId);
      if (!settings) throw badRequest(MESSAGES.invalidInput, { [FIELD]: MESSAGES.fieldRequired });
      return { result: settings };
    },
  );
};
export default botSettingsRoutes;

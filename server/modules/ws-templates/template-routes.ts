/**
 * WhatsApp templates (ws_template_management, ADMIN and CLUBOWNER; product brief sections 2 and 3):
 * list, read with its history, create, change, delete, status moves, and the Cloud API's template
 * JSON out (export) and in (import). Every body is checked by the editor's own validator
 * (src/domain/ws-templates/rules.ts). Whose templates each role sees, and the lock on submitted
 * ones: template-service.ts. Nothing here talks to WhatsApp: no provider is reachable.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery, fieldErrors } from '../../../src/domain/schemas/common';
import { WS_TEMPLATE_ROLES, WS_TEMPLATES_API } from '../../../src/domain/ws-templates/api';
import { exportFileName, exportTemplate, importDocument } from '../../../src/domain/ws-templates/components';
import { blankTemplate, wsTemplateChangeSchema, wsTemplateSchema } from '../../../src/domain/ws-templates/rules';
import { statusMoveSchema } from '../../../src/domain/ws-templates/status';
import { wsTemplateAnswer, wsTemplateRow } from '../../../src/domain/ws-templates/wire';
import { caller, tenantOf } from '../../auth/access';
import { badRequest, ValidationError } from '../../http/errors';
import { paged } from '../../http/paging';
import { conflictResponse, errorResponses, fileResponse, ok, okEmpty, okList, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  moveStatus,
  updateTemplate,
} from './template-service';

const tags = ['WhatsApp templates'];
const ACCESS = { access: { roles: WS_TEMPLATE_ROLES, tenant: true } };
const params = z.object({ templateId: z.string().max(64) });
const refusals = { ...errorResponses, ...conflictResponse };
const NOTHING_SENT = ' Nothing is sent to WhatsApp: no provider is reachable, the status is kept here.';

const actor = (request: FastifyRequest) => ({ userId: caller(request).userId, now: request.server.ctx.now() });
/** Where a new template goes: the caller's business, or the platform's own for an administrator. */
const ownerOf = (request: FastifyRequest) => tenantOf(request);

/** The Cloud API's template object, loosely: its shape is checked by importDocument, then the validator. */
const importBody = z.looseObject({
  components: z.array(z.unknown(), { error: MESSAGES.wsImportInvalid }),
});

const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const one = async (request: FastifyRequest, id: string) => getTemplate(db, tenantOf(request), id);

  app.get(
    WS_TEMPLATES_API.templates,
    {
      schema: {
        tags,
        summary:
          "Templates, most recently changed first (paged). A club owner's business's; an administrator's list " +
          'holds the platform’s own and every business’s',
        querystring: pagingQuery,
        response: { 200: okList(wsTemplateRow), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listTemplates(db, tenantOf(request), page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    WS_TEMPLATES_API.templates,
    {
      schema: {
        tags,
        summary: 'A new draft (an administrator’s belongs to the platform). A name already used answers 409',
        body: wsTemplateSchema,
        response: { 201: ok(wsTemplateAnswer), ...refusals },
      },
      config: ACCESS,
    },
    async (request, reply) => {
      const id = await createTemplate(db, ownerOf(request), request.body, actor(request));
      return reply.code(201).send({ result: await one(request, id) });
    },
  );

  app.post(
    WS_TEMPLATES_API.import,
    {
      schema: {
        tags,
        summary:
          'A new draft from the Cloud API’s template object `{ name, language, category, components }` ' +
          '(HEADER, BODY, FOOTER, BUTTONS with their `example`), checked by the same rules as the editor',
        body: importBody,
        response: { 201: ok(wsTemplateAnswer), ...refusals },
      },
      config: ACCESS,
    },
    async (request, reply) => {
      const read = importDocument(request.body, { ...blankTemplate(), name: '' });
      if (!read.ok) throw badRequest(MESSAGES.invalidInput, { components: read.message });
      const checked = wsTemplateSchema.safeParse(read.template);
      if (!checked.success) throw new ValidationError(fieldErrors(checked.error));
      const id = await createTemplate(db, ownerOf(request), checked.data, actor(request));
      return reply.code(201).send({ result: await one(request, id) });
    },
  );

  app.get(
    WS_TEMPLATES_API.template,
    {
      schema: {
        tags,
        summary: 'A template with its status history (who, when, note)',
        params,
        response: { 200: ok(wsTemplateAnswer), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => ({ result: await one(request, request.params.templateId) }),
  );

  app.put(
    WS_TEMPLATES_API.template,
    {
      schema: {
        tags,
        summary:
          'Change a draft or a rejected template (a rejected one goes back to draft). A submitted or approved ' +
          'template is locked: 409. With `updatedAt` (the copy the change was made from), a template saved ' +
          'since answers 409 and nothing is written',
        params,
        body: wsTemplateChangeSchema,
        response: { 200: ok(wsTemplateAnswer), ...refusals },
      },
      config: ACCESS,
    },
    async (request) => {
      const { templateId } = request.params;
      const { updatedAt, ...input } = request.body;
      await updateTemplate(db, tenantOf(request), templateId, input, actor(request), updatedAt);
      return { result: await one(request, templateId) };
    },
  );

  app.delete(
    WS_TEMPLATES_API.template,
    {
      schema: {
        tags,
        summary: 'Delete a template and its history',
        params,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => {
      await deleteTemplate(db, tenantOf(request), request.params.templateId);
      return { result: true };
    },
  );

  app.post(
    WS_TEMPLATES_API.status,
    {
      schema: {
        tags,
        summary:
          'Record a status: draft or rejected → submitted, submitted → approved or rejected, with an optional ' +
          'note.' +
          NOTHING_SENT,
        params,
        body: statusMoveSchema,
        response: { 200: ok(wsTemplateAnswer), ...refusals },
      },
      config: ACCESS,
    },
    async (request) => {
      const { templateId } = request.params;
      await moveStatus(db, tenantOf(request), templateId, request.body, actor(request));
      return { result: await one(request, templateId) };
    },
  );

  app.get(
    WS_TEMPLATES_API.export,
    {
      schema: {
        tags,
        summary:
          'The Cloud API’s template object `{ name, language, category, components }` as a JSON file ' +
          '(content-disposition names it <name>.<language>.json); the same bytes every time',
        params,
        response: { 200: fileResponse('application/json', 'The template object'), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request, reply) => {
      const template = await one(request, request.params.templateId);
      return sendDownload(reply, {
        name: exportFileName(template),
        contentType: 'application/json; charset=utf-8',
        body: exportTemplate(template),
      });
    },
  );
};
export default templateRoutes;

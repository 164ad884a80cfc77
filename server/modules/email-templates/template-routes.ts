/**
 * Email templates (email_templates_management, email_template_setup: ADMIN, CLUBOWNER, USER;
 * docs/email-templates.md): list, read with the current version, create (version 1), save (a new version),
 * delete, and the versions. Every write renders the source first: source that does not parse
 * answers 400 with its line on `mjml` and stores nothing; the findings are stored with the version.
 * A visual template's blocks are stored with the version, its MJML made from them (sourceOf).
 * Whose templates each role sees: template-service.ts.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMAIL_TEMPLATE_ROLES, EMAIL_TEMPLATES_API } from '../../../src/domain/email-templates/api';
import { emailTemplateSchema } from '../../../src/domain/email-templates/rules';
import {
  emailTemplateAnswer,
  emailTemplateRow,
  emailVersionAnswer,
  emailVersionRow,
} from '../../../src/domain/email-templates/wire';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { MESSAGES } from '../../../src/domain/messages';
import { wholeNumberParam } from '../../../src/domain/schemas/whole-number';
import { caller, tenantOf } from '../../auth/access';
import { campaignAwaitingTemplate } from '../campaigns';
import { paged } from '../../http/paging';
import { conflictResponse, errorResponses, ok, okEmpty, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { renderChecked, sourceOf } from './checked-render';
import { sweepAfterChange } from './image-store';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  getVersion,
  listTemplates,
  listVersions,
  saveVersion,
} from './template-service';

const tags = ['Email templates'];
export const ACCESS = {
  access: { roles: EMAIL_TEMPLATE_ROLES, tenant: true },
  // Every field declares its maximum; above the general cap (10,000) the hostile-input hook would
  // answer its own words, so the source's "at most 500 KB" is left to the schema up to the body limit.
  maxStringLength: 1024 * 1024,
};
const params = z.object({ templateId: z.string().max(64) });
const versionParams = params.extend({
  version: wholeNumberParam(z.gte(1, MESSAGES.mustBePositive), z.lte(1_000_000, MESSAGES.invalidValue)),
});
const refusals = { ...errorResponses, ...conflictResponse };

const actor = (request: FastifyRequest) => ({ userId: caller(request).userId, now: request.server.ctx.now() });

const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    EMAIL_TEMPLATES_API.templates,
    {
      schema: {
        tags,
        summary:
          'Templates, most recently saved first (paged): the business’s own; an administrator’s are the ' +
          'platform’s own',
        querystring: pagingQuery,
        response: { 200: okList(emailTemplateRow), ...errorResponses },
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
    EMAIL_TEMPLATES_API.templates,
    {
      schema: {
        tags,
        summary:
          'A new template as version 1 (an administrator’s belongs to the platform). MJML that does not parse ' +
          'answers 400 with its line; a name already used 409. With blocks (the visual mode) the MJML is made ' +
          'from them and the one sent is ignored',
        body: emailTemplateSchema,
        response: { 201: ok(emailTemplateAnswer), ...refusals },
      },
      config: ACCESS,
    },
    async (request, reply) => {
      const source = sourceOf(request);
      const rendered = await renderChecked(app, tenantOf(request), source);
      const id = await createTemplate(db, tenantOf(request), source, rendered, actor(request));
      return reply.code(201).send({ result: await getTemplate(db, tenantOf(request), id) });
    },
  );

  app.get(
    EMAIL_TEMPLATES_API.template,
    {
      schema: {
        tags,
        summary: 'A template with its current version (source, html, text part, findings)',
        params,
        response: { 200: ok(emailTemplateAnswer), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => ({ result: await getTemplate(db, tenantOf(request), request.params.templateId) }),
  );

  app.put(
    EMAIL_TEMPLATES_API.template,
    {
      schema: {
        tags,
        summary:
          'Save: a new version, which becomes the current one; the earlier versions stay as they were. MJML ' +
          'that does not parse answers 400 with its line. With blocks the MJML is made from them',
        params,
        body: emailTemplateSchema,
        response: { 200: ok(emailTemplateAnswer), ...refusals },
      },
      config: ACCESS,
    },
    async (request) => {
      const { templateId } = request.params;
      const source = sourceOf(request);
      const rendered = await renderChecked(app, tenantOf(request), source);
      await saveVersion(db, tenantOf(request), templateId, source, rendered, actor(request));
      // A picture the previous version had may be named by none now (image-store.ts).
      await sweepAfterChange(app, tenantOf(request));
      return { result: await getTemplate(db, tenantOf(request), templateId) };
    },
  );

  app.delete(
    EMAIL_TEMPLATES_API.template,
    {
      schema: {
        tags,
        summary:
          'Delete a template and its versions (then the owner’s uploaded pictures no saved version names, uploaded over a day ago, are removed)',
        params,
        response: { 200: okEmpty, ...refusals },
      },
      config: ACCESS,
    },
    async (request) => {
      const tenant = tenantOf(request);
      // A platform template (tenant null) is in no business's campaign.
      await deleteTemplate(db, tenant, request.params.templateId, (tx, id) =>
        tenant ? campaignAwaitingTemplate(tx, tenant, id) : Promise.resolve(null),
      );
      await sweepAfterChange(app, tenantOf(request));
      return { result: true };
    },
  );

  app.get(
    EMAIL_TEMPLATES_API.versions,
    {
      schema: {
        tags,
        summary: 'Every version of a template, newest first (number, subject, when, by whom)',
        params,
        response: { 200: okList(emailVersionRow), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => ({ result: await listVersions(db, tenantOf(request), request.params.templateId) }),
  );

  app.get(
    EMAIL_TEMPLATES_API.version,
    {
      schema: {
        tags,
        summary: 'One version as it was saved: what a send approved with it still sends',
        params: versionParams,
        response: { 200: ok(emailVersionAnswer), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => {
      const { templateId, version } = request.params;
      return { result: await getVersion(db, tenantOf(request), templateId, version) };
    },
  );
};
export default templateRoutes;

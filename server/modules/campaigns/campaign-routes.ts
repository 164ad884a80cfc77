/**
 * The campaign owner's calls (email_campaigns: CLUBOWNER, product brief sections 2 and 7; paths
 * in src/domain/campaigns/api.ts). Every route needs the role and the caller's business: a
 * campaign, sender, template or contact of another business answers 404 or is refused as unknown.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CAMPAIGN_API, CAMPAIGN_ROLES } from '../../../src/domain/campaigns/api';
import {
  audienceQuery,
  campaignChangeSchema,
  campaignSchema,
  previewSchema,
  scheduleSchema,
} from '../../../src/domain/campaigns/rules';
import {
  audienceAnswer,
  campaignOptions,
  campaignReport as reportShape,
  campaignRow,
  previewAnswer,
} from '../../../src/domain/campaigns/wire';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { caller } from '../../auth/access';
import { paged } from '../../http/paging';
import { conflictResponse, errorResponses, ok, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { verifiedSenders } from '../domains';
import { campaignTemplates } from '../email-templates';
import {
  businessName,
  changeCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  scheduleCampaign,
  startedCampaigns,
  updateCampaign,
} from './campaign-service';
import { previewFor } from './preview';
import { campaignReport } from './report';
import { wakeQueue } from './runner';
import { audienceOf } from './segment';

const tags = ['Campaigns'];
const OWNERS = { access: { roles: CAMPAIGN_ROLES, tenant: true } };
const idParams = z.object({ id: z.string().max(64) });
const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    CAMPAIGN_API.campaigns,
    {
      schema: {
        tags,
        summary: 'My campaigns, newest first (paged)',
        querystring: pagingQuery,
        response: { 200: okList(campaignRow), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listCampaigns(db, businessOf(request), page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    CAMPAIGN_API.campaigns,
    {
      schema: {
        tags,
        summary:
          'A draft campaign: one of my verified senders, one of my templates, a subject and an audience segment (409: a name I already use, case aside)',
        body: campaignSchema,
        response: { 200: ok(campaignRow), ...errorResponses, ...conflictResponse },
      },
      config: OWNERS,
    },
    async (request) => ({
      result: await createCampaign(app, businessOf(request), caller(request).userId, request.body),
    }),
  );

  app.get(
    CAMPAIGN_API.campaign,
    {
      schema: {
        tags,
        summary: 'One campaign',
        params: idParams,
        response: { 200: ok(campaignRow), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await getCampaign(db, businessOf(request), request.params.id) }),
  );

  app.put(
    CAMPAIGN_API.campaign,
    {
      schema: {
        tags,
        summary:
          'Change a draft campaign, sending its updatedAt as read (missing: 400; saved since: 409 campaignChangedMeanwhile; a scheduled or sent one: 409)',
        params: idParams,
        body: campaignChangeSchema,
        response: { 200: ok(campaignRow), ...errorResponses, ...conflictResponse },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await updateCampaign(app, businessOf(request), request.params.id, request.body) }),
  );

  app.post(
    CAMPAIGN_API.schedule,
    {
      schema: {
        tags,
        summary:
          'Schedule a draft: now, or a date and time in the business time zone (a past one is refused). The template ' +
          'version current now is the one sent; every contact of the audience must get every variable (else 400 naming the contact)',
        params: idParams,
        body: scheduleSchema,
        response: { 200: ok(campaignRow), ...errorResponses, ...conflictResponse },
      },
      config: OWNERS,
    },
    async (request) => {
      const result = await scheduleCampaign(app, businessOf(request), request.params.id, request.body);
      wakeQueue(app);
      return { result };
    },
  );

  for (const action of ['pause', 'resume', 'cancel'] as const)
    app.post(
      CAMPAIGN_API[action],
      {
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a campaign (409 when its status does not allow it)`,
          params: idParams,
          response: { 200: ok(campaignRow), ...errorResponses, ...conflictResponse },
        },
        config: OWNERS,
      },
      async (request) => {
        const result = await changeCampaign(app, businessOf(request), request.params.id, action);
        if (action === 'resume') wakeQueue(app);
        return { result };
      },
    );

  app.get(
    CAMPAIGN_API.report,
    {
      schema: {
        tags,
        summary: 'A campaign’s report, live while it sends',
        params: idParams,
        response: { 200: ok(reportShape), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const businessId = businessOf(request);
      const [campaign, business] = await Promise.all([
        getCampaign(db, businessId, request.params.id),
        businessName(db, businessId),
      ]);
      return { result: await campaignReport(db, campaign, { now: app.ctx.now(), timeZone: business.timeZone }) };
    },
  );

  app.get(
    CAMPAIGN_API.options,
    {
      schema: {
        tags,
        summary:
          'The verified senders and the templates a campaign may use, the campaigns that have started (for past-event conditions), and the business time zone',
        response: { 200: ok(campaignOptions), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const businessId = businessOf(request);
      const [senders, templates, business, started] = await Promise.all([
        verifiedSenders(app, businessId),
        campaignTemplates(db, businessId),
        businessName(db, businessId),
        startedCampaigns(db, businessId),
      ]);
      return {
        result: {
          senders: senders.map((s) => ({ id: s.id, label: `${s.name} <${s.address}>` })),
          templates,
          campaigns: started,
          timeZone: business.timeZone,
        },
      };
    },
  );

  app.post(
    CAMPAIGN_API.audience,
    {
      schema: {
        tags,
        summary: 'How many of my contacts a segment matches now, and the first five',
        body: audienceQuery,
        response: { 200: ok(audienceAnswer), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await audienceOf(db, businessOf(request), request.body.segment, app.ctx.now()) }),
  );

  app.post(
    CAMPAIGN_API.preview,
    {
      schema: {
        tags,
        summary: 'The mail one of my contacts would get (fallbacks applied; unresolved variables named)',
        body: previewSchema,
        response: { 200: ok(previewAnswer), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => ({ result: await previewFor(app, businessOf(request), request.body) }),
  );
};
export default campaignRoutes;

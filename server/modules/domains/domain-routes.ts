/**
 * The domains calls the engine does not generate (the product brief, section 7, CRM → Domains):
 * POST add, GET records, PUT authenticate — CLUBOWNER and USER of the business, the domain named
 * by `domainId` (another business's, or a `businessId` other than the caller's: 404, as the
 * engine answers for its list and delete). The list and delete are the engine's
 * (src/resources/domains/resource.ts).
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { DOMAINS_API, domainRecordsAnswer } from '../../../src/domain/domains/wire';
import domainsResource from '../../../src/resources/domains/resource';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { errorBody, errorResponses, ok } from '../../http/response';
import { schemasOf } from '../../resources/schemas';
import { addDomain, authenticateDomain, domainRecords } from './domain-service';

const tags = ['Domains'];
const config = { access: { roles: domainsResource.access.show, tenant: true } };
const domainQuery = z.object({
  domainId: z.string().meta({ description: 'The domain (uuid)' }),
  businessId: z.string().optional().meta({ description: "The caller's business (uuid)" }),
});

/** The caller, after the brief's businessId: absent or the caller's own (another business: 404). */
function ownCaller(request: FastifyRequest & { query: { businessId?: string } }) {
  const auth = caller(request);
  if (request.query.businessId !== undefined && request.query.businessId !== auth.businessId) throw notFound();
  return auth;
}

const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  const { record, createBody } = schemasOf(domainsResource);

  app.post(
    DOMAINS_API.add,
    {
      schema: {
        tags,
        summary: 'Add a domain to my business (a DKIM key pair is made for it)',
        body: createBody,
        response: { 200: ok(record), ...errorResponses, 409: errorBody.describe('The business has this domain') },
      },
      config: { access: { roles: domainsResource.access.create, tenant: true } },
    },
    async (request) => ({ result: await addDomain(app, caller(request), request.body) }),
  );

  app.get(
    DOMAINS_API.records,
    {
      schema: {
        tags,
        summary: 'The records to publish for a domain, and its last check (query domainId, businessId)',
        querystring: domainQuery,
        response: { 200: ok(domainRecordsAnswer), ...errorResponses },
      },
      config,
    },
    async (request) => ({ result: await domainRecords(app, ownCaller(request), request.query.domainId) }),
  );

  app.put(
    DOMAINS_API.authenticate,
    {
      schema: {
        tags,
        summary: "Check a domain's records in DNS now (query domainId, businessId)",
        querystring: domainQuery,
        response: { 200: ok(domainRecordsAnswer), ...errorResponses },
      },
      config,
    },
    async (request) => ({ result: await authenticateDomain(app, ownCaller(request), request.query.domainId) }),
  );
};
export default domainRoutes;

/**
 * Business info (the product brief, section 7: the calls it makes, Business): read a user's business, rename one's
 * own. Tenant-scoped: a user of another business is answered 404, as if it did not exist.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { BUSINESS_ROLES } from '../../../src/domain/roles';
import { assertSameTenant, caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { errorResponses, ok } from '../../http/response';
import { businessSchema } from '../user/schemas';
import { businessOfUser, renameBusiness } from './businesses';

const infoQuery = z.object({ userId: z.uuid({ error: MESSAGES.invalidValue }).optional() });
export const companyNameSchema = z.object({
  companyName: z
    .string({ error: MESSAGES.companyNameRequired })
    .trim()
    .min(1, MESSAGES.companyNameRequired)
    .max(100, MESSAGES.nameTooLong),
});

const businessInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Business'];

  app.get(
    API.businessInfo,
    {
      schema: {
        tags,
        summary: "A user's business (default: the caller's)",
        querystring: infoQuery,
        response: { 200: ok(businessSchema), ...errorResponses },
      },
      config: { access: { roles: 'any', tenant: true } },
    },
    async (request) => {
      const business = await businessOfUser(db, request.query.userId ?? caller(request).userId);
      if (!business) throw notFound();
      assertSameTenant(request, business.id);
      return { result: business };
    },
  );

  app.put(
    API.companyName,
    {
      schema: {
        tags,
        summary: "Rename the caller's business",
        body: companyNameSchema,
        response: { 200: ok(businessSchema.omit({ status: true })), ...errorResponses },
      },
      config: { access: { roles: BUSINESS_ROLES.filter((r) => r !== 'VENUEEMPLOYEE'), tenant: true } },
    },
    async (request) => {
      const businessId = caller(request).businessId;
      if (!businessId) throw notFound();
      const business = await renameBusiness(db, businessId, request.body.companyName, app.ctx.now());
      if (!business) throw notFound();
      return { result: business };
    },
  );
};
export default businessInfoRoutes;

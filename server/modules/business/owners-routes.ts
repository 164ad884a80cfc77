/**
 * business_management for business owners (MOVER, CLUBOWNER, USER): the businesses I own, add one
 * (the product brief's "POST add business"), and select the one I work in. Paths are our reading
 * of the brief's names (src/domain/business/businesses.ts). Selecting is allowed only for a
 * business I own (any other answers 404, as if it did not exist) and sets users.business_id, so
 * every existing tenant check scopes to the selected business from the next request on
 * (owners-service.ts says how the session cache learns of it). IT's business_management is the
 * support desk's lookup (server/modules/support), not these routes.
 */
import { z } from 'zod';
import {
  addBusinessSchema,
  BUSINESS_OWNER_ROLES,
  BUSINESSES_API,
  selectBusinessSchema,
} from '../../../src/domain/business/businesses';
import { caller } from '../../auth/access';
import { errorResponses, ok, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { businessSchema, userDataSchema, loadUserData } from '../user';
import { addOwnedBusiness, ownedBusinesses, selectOwnedBusiness } from './owners-service';

const tags = ['Business'];
const OWNERS = { access: { roles: BUSINESS_OWNER_ROLES } };
const ownedOut = businessSchema.extend({
  timeZone: z.string().describe('IANA time zone'),
  selected: z.boolean().describe('The business I work in now (every screen is scoped to it)'),
});

const ownersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    BUSINESSES_API.mine,
    {
      schema: {
        tags,
        summary: 'The businesses I own, the one I work in marked `selected`',
        response: { 200: okList(ownedOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const { userId, businessId } = caller(request);
      return { result: await ownedBusinesses(db, userId, businessId) };
    },
  );

  app.post(
    BUSINESSES_API.add,
    {
      schema: {
        tags,
        summary: "Add a business I own (in my current business's time zone); it is not selected until I switch",
        body: addBusinessSchema,
        response: { 200: ok(ownedOut), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const { userId, businessId } = caller(request);
      return { result: await addOwnedBusiness(db, userId, businessId, request.body.companyName) };
    },
  );

  app.patch(
    BUSINESSES_API.select,
    {
      schema: {
        tags,
        summary:
          'Work in another business I own: every call from now on is scoped to it. Answers my refreshed userData ' +
          '(its `business` is the selected one). A business I do not own answers 404',
        body: selectBusinessSchema,
        response: { 200: ok(userDataSchema), ...errorResponses },
      },
      config: OWNERS,
    },
    async (request) => {
      const { userId } = caller(request);
      await selectOwnedBusiness(db, userId, request.body.businessId, app.ctx.now());
      return { result: await loadUserData(db, userId, app.ctx.now()) };
    },
  );
};
export default ownersRoutes;

/**
 * The venue's floor plan (table_management): the owner and venue employees with the
 * reservations privilege read it; the owner saves it, naming the version they edited.
 */
import * as z from 'zod';
import { SEATING_API } from '../../../src/domain/seating/api';
import { saveLayoutSchema } from '../../../src/domain/seating/layout';
import { storedLayoutAnswer } from '../../../src/domain/seating/wire';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { caller } from '../../auth/access';
import { errorResponses, ok, conflictResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { venueOfBusiness } from '../venue';
import { layoutOf, saveLayout } from './layout-service';

const tags = ['Seating'];
const params = z.object({ venueId: z.string().max(64) });
const layoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    SEATING_API.layout,
    {
      schema: {
        tags,
        summary: "A venue's floor plan (version 0 and the default 12 × 8 plan while none is saved)",
        params,
        response: { 200: ok(storedLayoutAnswer), ...errorResponses },
      },
      config: { access: { roles: ['CLUBOWNER', MEMBER_ROLE], tenant: true, privilege: 'reservations' } },
    },
    async (request) => {
      const venue = await venueOfBusiness(db, caller(request).businessId!, request.params.venueId);
      return { result: await layoutOf(db, venue.id) };
    },
  );

  app.put(
    SEATING_API.layout,
    {
      schema: {
        tags,
        summary: 'Save the floor plan over the version it was edited from (409 when someone saved since)',
        params,
        body: saveLayoutSchema,
        response: { 200: ok(storedLayoutAnswer), ...errorResponses, ...conflictResponse },
      },
      config: { access: { roles: ['CLUBOWNER'], tenant: true } },
    },
    async (request) => {
      const who = caller(request);
      const venue = await venueOfBusiness(db, who.businessId!, request.params.venueId);
      const result = await saveLayout(
        app,
        { userId: who.userId, businessId: venue.businessId },
        venue.id,
        request.body,
      );
      return { result };
    },
  );
};
export default layoutRoutes;

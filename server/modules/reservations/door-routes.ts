/**
 * The door check (qr_verification): redeem a scanned or typed pass, and the night's admissions
 * for the door screen. Club owners, and venue employees whose team privileges include
 * 'qrVerification'. The public ticket page's read is in door-public-routes.ts.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import {
  DOOR_API,
  admissionSchema,
  admissionsQuerySchema,
  redeemResultSchema,
  redeemSchema,
} from '../../../src/domain/door/redeem';
import { caller } from '../../auth/access';
import { forbidden } from '../../http/errors';
import { errorResponses, ok, okList } from '../../http/response';
import { admissionsOfNight, redeemPass } from './door-service';

const access = { roles: ['CLUBOWNER', 'VENUEEMPLOYEE'] as const, tenant: true, privilege: 'qrVerification' as const };

/** The business a door caller works for (tenant routes guarantee one for these roles). */
function businessOf(auth: { businessId: string | null }): string {
  if (!auth.businessId) throw forbidden();
  return auth.businessId;
}

const doorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Door'];

  app.post(
    DOOR_API.redeem,
    {
      schema: {
        tags,
        summary: 'Redeem a pass at the door: admitted, already used (by whom, when) or refused (why)',
        body: redeemSchema,
        response: { 200: ok(redeemResultSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const auth = caller(request);
      businessOf(auth);
      return { result: await redeemPass(app, auth, request.body) };
    },
  );

  app.get(
    DOOR_API.admissions,
    {
      schema: {
        tags,
        summary: "A venue's admissions of a night (default tonight), newest first",
        querystring: admissionsQuerySchema,
        response: { 200: okList(admissionSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const businessId = businessOf(caller(request));
      const { venueId, day } = request.query;
      return { result: await admissionsOfNight(app, businessId, venueId, day) };
    },
  );
};
export default doorRoutes;

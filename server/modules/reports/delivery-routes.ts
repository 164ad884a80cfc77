/**
 * A report's deliveries on the product brief's calls (section 7): POST; PUT (id in the body); GET
 * list (query reportId); DELETE (query id); PATCH discount. Fleet managers only; a report or
 * delivery of another business answers 404, a closed report 409, a broken money rule 400 on the
 * field that broke it — and nothing is written (delivery-service.ts).
 */
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import {
  createDeliverySchema,
  deliveryDiscountSchema,
  REPORTS_API,
  updateDeliverySchema,
} from '../../../src/domain/reports/deliveries';
import { deliveryAnswer } from '../../../src/domain/reports/wire';
import { caller } from '../../auth/access';
import { errorBody, errorResponses, ok, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { createDelivery, deleteDelivery, setDeliveryDiscount, updateDelivery } from './delivery-service';
import { businessOf, deliveryJson, deliveryRows, employeeNames, reportOf } from './queries';

const tags = ['Deliveries'];
export const FLEET = { access: { roles: ['TRUCKER' as const], tenant: true } };

/** A delivery as every route here answers it (the wire shape, src/domain/reports/wire.ts). */
export const deliverySchema = deliveryAnswer;

const conflictAnswer = { 409: errorBody.describe('The report is closed') };

const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.post(
    REPORTS_API.deliveries,
    {
      schema: {
        tags,
        summary: 'Add a delivery to an open report of my business',
        body: createDeliverySchema,
        response: { 200: ok(deliverySchema), ...errorResponses, ...conflictAnswer },
      },
      config: FLEET,
    },
    async (request) => ({ result: await createDelivery(app, caller(request), request.body) }),
  );

  app.put(
    REPORTS_API.deliveries,
    {
      schema: {
        tags,
        summary: 'Change a delivery (id in the body) of an open report',
        body: updateDeliverySchema,
        response: { 200: ok(deliverySchema), ...errorResponses, ...conflictAnswer },
      },
      config: FLEET,
    },
    async (request) => ({ result: await updateDelivery(app, caller(request), request.body) }),
  );

  app.get(
    REPORTS_API.deliveries,
    {
      schema: {
        tags,
        summary: "A report's deliveries, by date, each with its line discount and total",
        querystring: z.object({ reportId: z.string({ error: MESSAGES.notFound }) }),
        response: { 200: okList(deliverySchema), ...errorResponses },
      },
      config: FLEET,
    },
    async (request) => {
      const report = await reportOf(db, businessOf(caller(request)), request.query.reportId);
      const rows = await deliveryRows(db, report.id as string);
      const names = await employeeNames(
        db,
        rows.map((r) => r.employeeId),
      );
      return { result: rows.map((r) => deliveryJson(r, names)) };
    },
  );

  app.delete(
    REPORTS_API.deliveries,
    {
      schema: {
        tags,
        summary: 'Remove a delivery (query id) from an open report',
        querystring: z.object({ id: z.string({ error: MESSAGES.notFound }) }),
        response: { 200: ok(z.object({ id: z.string() })), ...errorResponses, ...conflictAnswer },
      },
      config: FLEET,
    },
    async (request) => ({ result: await deleteDelivery(app, caller(request), request.query.id) }),
  );

  app.patch(
    REPORTS_API.deliveryDiscount,
    {
      schema: {
        tags,
        summary: "Set a delivery's discount: amount (cents, at most the price) or percent (0–100); none removes it",
        body: deliveryDiscountSchema,
        response: { 200: ok(deliverySchema), ...errorResponses, ...conflictAnswer },
      },
      config: FLEET,
    },
    async (request) => ({ result: await setDeliveryDiscount(app, caller(request), request.body) }),
  );
};
export default deliveryRoutes;

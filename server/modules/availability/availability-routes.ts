/**
 * Availability (schedule_management; product brief section 7: "Availability: GET and POST time
 * slots; PUT and DELETE /{id}. Exceptions: POST; DELETE /{id}; GET paged"), plus the open
 * intervals bookings will be checked against. Paths are our reading (src/domain/availability/api.ts).
 * Roles: USER and MOVER, the two whose sidebars link schedule_management. The brief's matrix gives
 * the schedule_management/exceptions screen to USER only; a mover's exceptions are part of the
 * same availability, so the API serves both and the mover edits them on the schedule page.
 * Everything is the caller's selected business (users.business_id); another business's slot or
 * exception answers 404. The time zone is PATCHed at /api/Business/time-zone (venue routes).
 * Every write tells the business's open schedule screens (live.ts).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AVAILABILITY_API, SCHEDULER_ROLES } from '../../../src/domain/availability/api';
import { exceptionSchema, openIntervalsQuery, timeSlotSchema } from '../../../src/domain/availability/rules';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { caller } from '../../auth/access';
import { paged } from '../../http/paging';
import { conflictResponse, errorResponses, ok, okEmpty, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { coveredAnswer, coveredView } from '../../../src/domain/closures';
import { requestLocale } from '../email-templates';
import { notifyCovered, spanOf } from './closures';
import {
  createException,
  deleteException,
  listExceptions,
  normalizeException,
  previewException,
} from './exception-service';
import { openIntervalsOf } from './open-intervals-service';
import { announceAvailability } from './live';
import { createSlot, deleteSlot, listSlots, updateSlot } from './slot-service';

const tags = ['Availability'];
const SCHEDULERS = { access: { roles: SCHEDULER_ROLES, tenant: true } };
const clock = z.string().describe('HH:MM, the business time zone');
const range = z.object({ start: clock, end: clock });
const slotOut = z.object({
  id: z.string(),
  dayOfWeek: z.number().describe('0 Sunday … 6 Saturday'),
  start: clock,
  end: clock,
  breaks: z.array(range),
});
const exceptionOut = z.object({
  id: z.string(),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD (the same as startDate for one day)'),
  closed: z.boolean(),
  hours: z.array(range).describe('The hours that replace the weekly slots on these days (empty when closed)'),
  note: z.string(),
});
const intervalOut = z.object({
  day: z.string().describe("The business's day (YYYY-MM-DD)"),
  start: z.string().meta({ format: 'date-time' }),
  end: z.string().meta({ format: 'date-time' }),
});
const idParams = z.object({ id: z.string().max(64) });

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    AVAILABILITY_API.timeSlots,
    {
      schema: {
        tags,
        summary: 'My weekly time slots, by day and start',
        response: { 200: okList(slotOut), ...errorResponses },
      },
      config: SCHEDULERS,
    },
    async (request) => ({ result: await listSlots(db, businessOf(request)) }),
  );

  app.post(
    AVAILABILITY_API.timeSlots,
    {
      schema: {
        tags,
        summary: 'Add a weekly time slot (day, start, end, breaks inside it); it may not overlap another of that day',
        body: timeSlotSchema,
        response: { 200: ok(slotOut), ...errorResponses },
      },
      config: SCHEDULERS,
    },
    async (request) => {
      const slot = await createSlot(db, businessOf(request), request.body);
      await announceAvailability(app, businessOf(request), 'created', slot.id);
      return { result: slot };
    },
  );

  app.put(
    AVAILABILITY_API.timeSlot,
    {
      schema: {
        tags,
        summary: 'Change a time slot (the whole slot, breaks included)',
        params: idParams,
        body: timeSlotSchema,
        response: { 200: ok(slotOut), ...errorResponses },
      },
      config: SCHEDULERS,
    },
    async (request) => {
      const slot = await updateSlot(db, businessOf(request), request.params.id, request.body, app.ctx.now());
      await announceAvailability(app, businessOf(request), 'updated', slot.id);
      return { result: slot };
    },
  );

  app.delete(
    AVAILABILITY_API.timeSlot,
    {
      schema: { tags, summary: 'Remove a time slot', params: idParams, response: { 200: okEmpty, ...errorResponses } },
      config: SCHEDULERS,
    },
    async (request) => {
      await deleteSlot(db, businessOf(request), request.params.id);
      await announceAvailability(app, businessOf(request), 'deleted', request.params.id);
      return { result: true };
    },
  );

  app.get(
    AVAILABILITY_API.exceptions,
    {
      schema: {
        tags,
        summary: 'My exceptions by start date (paged: page, perPage; paging-data header)',
        querystring: pagingQuery,
        response: { 200: okList(exceptionOut), ...errorResponses },
      },
      config: SCHEDULERS,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listExceptions(db, businessOf(request), page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    AVAILABILITY_API.exceptionsAffected,
    {
      schema: {
        tags,
        summary:
          'Dry run of adding an exception: the bookings still to come that its days would cover (closed, or outside ' +
          'its hours), soonest first. Nothing is written (src/domain/closures.ts)',
        body: exceptionSchema,
        response: { 200: ok(coveredAnswer), ...errorResponses },
      },
      config: SCHEDULERS,
    },
    async (request) => {
      const covered = await previewException(db, businessOf(request), normalizeException(request.body), app.ctx.now());
      return { result: { affected: covered.map(coveredView) } };
    },
  );

  app.post(
    AVAILABILITY_API.exceptions,
    {
      schema: {
        tags,
        summary:
          'Add an exception: a date (or startDate…endDate) that is closed, or whose hours replace the weekly slots. ' +
          'It may not share a day with another exception. When it covers bookings still to come, `affected` says ' +
          "what to do: 'notify' mails each customer, 'keep' says nothing; without it the answer is 409 " +
          '(src/domain/closures.ts)',
        body: exceptionSchema,
        response: { 200: ok(exceptionOut), ...errorResponses, ...conflictResponse },
      },
      config: SCHEDULERS,
    },
    async (request) => {
      const businessId = businessOf(request);
      const input = normalizeException(request.body);
      const { affected } = request.body;
      const { exception, covered } = await createException(db, businessId, input, { affected, now: app.ctx.now() });
      if (affected === 'notify') await notifyCovered(app, businessId, spanOf(input), covered, requestLocale(request));
      await announceAvailability(app, businessId, 'created', exception.id);
      return { result: exception };
    },
  );

  app.delete(
    AVAILABILITY_API.exception,
    {
      schema: { tags, summary: 'Remove an exception', params: idParams, response: { 200: okEmpty, ...errorResponses } },
      config: SCHEDULERS,
    },
    async (request) => {
      await deleteException(db, businessOf(request), request.params.id);
      await announceAvailability(app, businessOf(request), 'deleted', request.params.id);
      return { result: true };
    },
  );

  app.get(
    AVAILABILITY_API.openIntervals,
    {
      schema: {
        tags,
        summary:
          'When my business is open from `from` to `to` (its days, both included, at most 62): UTC intervals from the ' +
          'weekly slots minus breaks, exceptions applied, in its time zone (right on daylight-saving days)',
        querystring: openIntervalsQuery,
        response: { 200: ok(z.object({ timeZone: z.string(), intervals: z.array(intervalOut) })), ...errorResponses },
      },
      config: SCHEDULERS,
    },
    async (request) => {
      const { from, to } = request.query;
      const { timeZone, intervals } = await openIntervalsOf(db, businessOf(request), from, to);
      return {
        result: {
          timeZone,
          intervals: intervals.map((i) => ({
            day: i.day,
            start: new Date(i.start).toISOString(),
            end: new Date(i.end).toISOString(),
          })),
        },
      };
    },
  );
};
export default availabilityRoutes;

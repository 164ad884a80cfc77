/**
 * The venue area's own routes: the caller's venues for the header's picker, a venue's opening
 * hours and special dates (club_schedule_management), and the business's time zone. Venues
 * themselves are the declared `venues` resource (src/resources/venues/resource.ts).
 */
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { MEMBER_ROLE } from '../../../src/domain/team';
import {
  TIME_ZONE_READER_ROLES,
  TIME_ZONE_ROLES as TIME_ZONE_ROLE_LIST,
  VENUE_API,
} from '../../../src/domain/venue/api';
import { scheduleSchema, specialDateSchema, timeZoneSchema } from '../../../src/domain/venue/schedule';
import {
  scheduleAnswer as schedule,
  specialDateAnswer as special,
  venueChoicesAnswer,
} from '../../../src/domain/venue/wire';
import { caller } from '../../auth/access';
import { errorResponses, ok, okEmpty, conflictResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { setBusinessTimeZone } from '../business';
import { coveredAnswer, coveredView } from '../../../src/domain/closures';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import { requestLocale } from '../email-templates';
import { notifyCoveredGuests } from './closures';
import {
  addSpecialDate,
  deleteSpecialDate,
  previewSpecialDate,
  replaceWeeklyHours,
  scheduleOf,
} from './schedule-service';
import { timeZoneOf, venueOfBusiness, venuesOfBusiness } from './venues';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Venues'];
const OWNER = { access: { roles: ['CLUBOWNER' as const], tenant: true } };
const venueParams = z.object({ venueId: z.string().max(64) });
const specialParams = venueParams.extend({ id: recordIdSchema });
const refusals = { ...errorResponses, ...conflictResponse };

// Who sets and who reads the business's zone: one list with the screens that show its clock.
const TIME_ZONE_ROLES = [...TIME_ZONE_ROLE_LIST];
const TIME_ZONE_READERS = [...TIME_ZONE_READER_ROLES];

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    VENUE_API.myVenues,
    {
      schema: {
        tags,
        summary: "My business's venues (id, name), for the venue picker",
        response: { 200: ok(venueChoicesAnswer), ...errorResponses },
      },
      config: { access: { roles: ['CLUBOWNER', MEMBER_ROLE], tenant: true } },
    },
    async (request) => ({ result: await venuesOfBusiness(db, businessOf(request)) }),
  );

  app.get(
    VENUE_API.schedule,
    {
      schema: {
        tags,
        summary: "A venue's weekly hours and upcoming special dates, in the business's time zone",
        params: venueParams,
        response: { 200: ok(schedule), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const venue = await venueOfBusiness(db, businessOf(request), request.params.venueId);
      // The screen lists special dates from the venue's today on, as it accepts them: a past
      // date is neither taken nor shown (src/domain/venue/schedule.ts, specialDatePastError).
      const now = app.ctx.now();
      return { result: await scheduleOf(db, venue, now, zonedDay(now, venue.timeZone)) };
    },
  );

  app.put(
    VENUE_API.schedule,
    {
      schema: {
        tags,
        summary: "Replace a venue's weekly hours (a day left out is closed)",
        params: venueParams,
        body: scheduleSchema,
        response: { 200: ok(schedule), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const venue = await venueOfBusiness(db, businessOf(request), request.params.venueId);
      const now = app.ctx.now();
      await replaceWeeklyHours(db, venue.id, request.body, now);
      return { result: await scheduleOf(db, venue, now, zonedDay(now, venue.timeZone)) };
    },
  );

  app.post(
    VENUE_API.specialDatesAffected,
    {
      schema: {
        tags,
        summary:
          'Dry run of a special date: the reservations still to come that it would leave outside the hours, soonest ' +
          'first. Nothing is written (src/domain/closures.ts)',
        params: venueParams,
        body: specialDateSchema,
        response: { 200: ok(coveredAnswer), ...refusals },
      },
      config: OWNER,
    },
    async (request) => {
      const venue = await venueOfBusiness(db, businessOf(request), request.params.venueId);
      const covered = await previewSpecialDate(db, venue, request.body, app.ctx.now());
      return { result: { affected: covered.map(coveredView) } };
    },
  );

  app.post(
    VENUE_API.specialDates,
    {
      schema: {
        tags,
        summary:
          'Close a date, or give it other hours (today or later). When it leaves reservations outside the hours, ' +
          "`affected` says what to do: 'notify' mails each guest, 'keep' says nothing; without it the answer is 409 " +
          '(src/domain/closures.ts)',
        params: venueParams,
        body: specialDateSchema,
        response: { 200: ok(special), ...refusals },
      },
      config: OWNER,
    },
    async (request) => {
      const venue = await venueOfBusiness(db, businessOf(request), request.params.venueId);
      const { special: row, covered } = await addSpecialDate(db, venue, request.body, app.ctx.now());
      if (request.body.affected === 'notify')
        await notifyCoveredGuests(app, venue, row, covered, requestLocale(request));
      return { result: row };
    },
  );

  app.delete(
    VENUE_API.specialDate,
    {
      schema: {
        tags,
        summary: 'Remove a special date (the weekday hours apply again)',
        params: specialParams,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const venue = await venueOfBusiness(db, businessOf(request), request.params.venueId);
      await deleteSpecialDate(db, venue.id, request.params.id);
      return { result: true };
    },
  );

  app.get(
    VENUE_API.timeZone,
    {
      schema: {
        tags: ['Business'],
        summary: "My business's time zone",
        response: { 200: ok(z.object({ timeZone: z.string() })), ...errorResponses },
      },
      config: { access: { roles: TIME_ZONE_READERS, tenant: true } },
    },
    async (request) => ({ result: { timeZone: await timeZoneOf(db, businessOf(request)) } }),
  );

  app.patch(
    VENUE_API.timeZone,
    {
      schema: {
        tags: ['Business'],
        summary: "Set my business's time zone (IANA name, e.g. America/New_York)",
        body: timeZoneSchema,
        response: { 200: ok(z.object({ timeZone: z.string() })), ...errorResponses },
      },
      config: { access: { roles: TIME_ZONE_ROLES, tenant: true } },
    },
    async (request) => {
      await setBusinessTimeZone(db, businessOf(request), request.body.timeZone, app.ctx.now());
      return { result: { timeZone: request.body.timeZone } };
    },
  );
};
export default venueRoutes;

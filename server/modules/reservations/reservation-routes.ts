/**
 * Reservations at a venue (reservation_management): the paged list, one reservation, create,
 * edit, status, cancel; a night's availability with the suggested table; the floor plan's live
 * table states; future bookings per table. The club owner and venue employees holding the
 * 'reservations' privilege; another business's venue answers 404.
 */
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { isCalendarDay } from '../../../src/domain/calendar-day';
import { MESSAGES } from '../../../src/domain/messages';
import { RESERVATION_API } from '../../../src/domain/reservations/api';
import {
  MAX_DURATION,
  MAX_PARTY,
  MIN_DURATION,
  RESERVATION_STATUSES,
  reservationSchema,
  statusChangeSchema,
} from '../../../src/domain/reservations/reservation';
import {
  availabilityAnswer,
  reservationAnswer as reservation,
  tableStateAnswer as tableState,
  upcomingCountAnswer,
} from '../../../src/domain/reservations/wire';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList, conflictResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { scheduleOf, venueOfBusiness } from '../venue';
import { addDays } from '../../../src/domain/venue/opening-hours';
import { venueNight, venueNightOf } from '../../../src/domain/venue/venue-night';
import { availability, stateDayOf, tableStates } from './availability';
import type { NightCache } from './night-cache';
import { listReservations, reservationOf, upcomingByTable } from './queries';
import { planTables, tableIdsByName } from './plan-tables';
import { cancelReservation, createReservation, setReservationStatus, updateReservation } from './reservation-service';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Reservations'];
const config = {
  access: { roles: ['CLUBOWNER' as const, MEMBER_ROLE], tenant: true, privilege: 'reservations' as const },
};
const venueParams = z.object({ venueId: z.string().max(64) });
const oneParams = venueParams.extend({ id: recordIdSchema });
// A real calendar day a night can be on: 2026-02-30 or 9999-12-31 is refused, not read as another day or a 500.
const day = z.string().refine(isCalendarDay, MESSAGES.dateInvalid);
const instant = z.iso.datetime({ offset: true, error: MESSAGES.startsAtInvalid });
const listQuery = z
  .object({
    day: day.optional(),
    from: instant.optional(),
    to: instant.optional(),
    status: z.enum(RESERVATION_STATUSES, { error: MESSAGES.optionInvalid }).optional(),
    query: z.string().trim().max(200, MESSAGES.tooLarge.replace('{{max}}', '200')).optional(),
  })
  .and(pagingQuery);
const availabilityQuery = z.object({
  /** The venue's night; without it, the night it is now (the screens open on it). */
  day: day.optional(),
  partySize: z.coerce
    .number({ error: MESSAGES.partySizeRange })
    .int(MESSAGES.partySizeRange)
    .min(1, MESSAGES.partySizeRange)
    .max(MAX_PARTY, MESSAGES.partySizeRange)
    .optional(),
  startsAt: instant.optional(),
  duration: z.coerce
    .number({ error: MESSAGES.durationRange })
    .int(MESSAGES.durationRange)
    .min(MIN_DURATION, MESSAGES.durationRange)
    .max(MAX_DURATION, MESSAGES.durationRange)
    .optional(),
});

const refusals = { ...errorResponses, ...conflictResponse };

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const reservationRoutes: FastifyPluginAsyncZod<{ nights: NightCache }> = async (app, { nights }) => {
  const { db } = app.ctx.database;
  const venueId = (request: FastifyRequest) => (request.params as { venueId: string }).venueId;
  /** Writes and lists read the venue from the database; the night's reads go through `nights`. */
  const venueOf = (request: FastifyRequest) => venueOfBusiness(db, businessOf(request), venueId(request));
  const cachedVenueOf = (request: FastifyRequest) => nights.venue(businessOf(request), venueId(request));
  const actor = (request: FastifyRequest) => ({ userId: caller(request).userId, request });

  app.get(
    RESERVATION_API.list,
    {
      schema: {
        tags,
        summary:
          "A venue's reservations by start, then table name and guest (paged; day — the night, past midnight —, from, to, status, query)",
        params: venueParams,
        querystring: listQuery,
        response: { 200: okList(reservation), ...errorResponses },
      },
      config,
    },
    async (request, reply) => {
      const venue = await venueOf(request);
      const { page, perPage, day: d, from, to, status, query } = request.query;
      let window: { start?: number; end?: number } = {};
      if (d) {
        const w = venueNight(d, await scheduleOf(db, venue, app.ctx.now(), addDays(d, -1)));
        window = { start: w.start, end: w.end };
      }
      const lower = [window.start, from ? Date.parse(from) : undefined].filter((v) => v !== undefined);
      const upper = [window.end, to ? Date.parse(to) : undefined].filter((v) => v !== undefined);
      const { rows, total } = await listReservations(
        db,
        venue.id,
        {
          from: lower.length ? Math.max(...lower) : undefined,
          to: upper.length ? Math.min(...upper) : undefined,
          status,
          query: query || undefined,
        },
        tableIdsByName(await planTables(db, venue.id)),
        page,
        perPage,
      );
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.get(
    RESERVATION_API.one,
    {
      schema: {
        tags,
        summary: 'One reservation',
        params: oneParams,
        response: { 200: ok(reservation), ...errorResponses },
      },
      config,
    },
    async (request) => {
      const venue = await venueOf(request);
      const found = await reservationOf(db, venue.id, request.params.id);
      if (!found) throw notFound(MESSAGES.reservationNotFound);
      return { result: found };
    },
  );

  app.post(
    RESERVATION_API.list,
    {
      schema: {
        tags,
        summary:
          'Book tables: the tables must be in the saved floor plan, free for the whole stay (409 otherwise), seat the ' +
          'party, within opening hours and not in the past. Mails the pass to the guest when an email is given.',
        params: venueParams,
        body: reservationSchema,
        response: { 200: ok(reservation), ...refusals },
      },
      config,
    },
    async (request) => ({ result: await createReservation(app, await venueOf(request), actor(request), request.body) }),
  );

  app.put(
    RESERVATION_API.one,
    {
      schema: {
        tags,
        summary: 'Change a booked or seated reservation (same rules as booking)',
        params: oneParams,
        body: reservationSchema,
        response: { 200: ok(reservation), ...refusals },
      },
      config,
    },
    async (request) => ({
      result: await updateReservation(app, await venueOf(request), actor(request), request.params.id, request.body),
    }),
  );

  app.patch(
    RESERVATION_API.status,
    {
      schema: {
        tags,
        summary: 'Seat a booked party, mark a seated one paid, or a booked one a no-show',
        params: oneParams,
        body: statusChangeSchema,
        response: { 200: ok(reservation), ...refusals },
      },
      config,
    },
    async (request) => ({
      result: await setReservationStatus(app, await venueOf(request), request.params.id, request.body.status),
    }),
  );

  app.delete(
    RESERVATION_API.one,
    {
      schema: {
        tags,
        summary: 'Cancel a reservation (kept, as cancelled; its tables are free again)',
        params: oneParams,
        response: { 200: ok(reservation), ...refusals },
      },
      config,
    },
    async (request) => ({ result: await cancelReservation(app, await venueOf(request), request.params.id) }),
  );

  app.get(
    RESERVATION_API.availability,
    {
      schema: {
        tags,
        summary:
          "A venue's night (default the night it is now) with its bookings and free spans per table; with partySize " +
          'and startsAt (duration, default 120 min), the suggested table and why',
        params: venueParams,
        querystring: availabilityQuery,
        response: { 200: ok(availabilityAnswer), ...errorResponses },
      },
      config,
    },
    async (request) => {
      const venue = await cachedVenueOf(request);
      const { partySize, startsAt, duration } = request.query;
      const now = app.ctx.now();
      const d = request.query.day ?? venueNightOf(now, await scheduleOf(db, venue, now));
      return {
        result: await availability(
          db,
          venue,
          await nights.night(venue, d),
          { day: d, partySize, startsAt, durationMinutes: duration },
          now,
        ),
      };
    },
  );

  app.get(
    RESERVATION_API.tableStates,
    {
      schema: {
        tags,
        summary: "Each floor-plan table's state at an instant (default now): free, reserved, seated or paid",
        params: venueParams,
        querystring: z.object({ at: instant.optional() }),
        response: { 200: okList(tableState), ...errorResponses },
      },
      config,
    },
    async (request) => {
      const venue = await cachedVenueOf(request);
      const at = request.query.at ? Date.parse(request.query.at) : app.ctx.now();
      return { result: tableStates(await nights.night(venue, stateDayOf(at, venue.timeZone)), at) };
    },
  );

  app.get(
    RESERVATION_API.upcomingByTable,
    {
      schema: {
        tags,
        summary: 'How many bookings not yet over hold each table (the seating editor warns before removing one)',
        params: venueParams,
        response: { 200: okList(upcomingCountAnswer), ...errorResponses },
      },
      config,
    },
    async (request) => {
      const venue = await venueOf(request);
      return { result: await upcomingByTable(db, venue.id, app.ctx.now()) };
    },
  );
};
export default reservationRoutes;

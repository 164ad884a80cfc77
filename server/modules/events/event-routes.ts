/**
 * A venue's events (the product brief, section 7, Events: "POST add event; GET list with query
 * businessId, month, year; DELETE cancel event /{id}"), plus one event's details, its edit, and
 * its tickets. Club owners only; another business's event, venue or businessId answers 404.
 * The work is in event-service.ts and queries.ts.
 */
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { EVENTS_API, eventSchema, issueTicketSchema } from '../../../src/domain/events/events';
import { eventDetailsAnswer, eventSummaryAnswer, eventTicketAnswer } from '../../../src/domain/events/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { wholeNumberParam } from '../../../src/domain/schemas/whole-number';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { errorResponses, ok, okEmpty, okList, conflictResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { requestLocale } from '../email-templates';
import { cancelEvent, createEvent, issueTicket, updateEvent } from './event-service';
import { eventDetails, eventsOfMonth, ticketsOfEvent, upcomingEvents } from './queries';
import { venueOfBusiness } from '../venue';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Events'];
const OWNER = { access: { roles: ['CLUBOWNER' as const], tenant: true } };
const refusals = { ...errorResponses, ...conflictResponse };
const idParams = z.object({ id: z.string().max(64) });
const listQuery = z.object({
  businessId: z.string({ error: MESSAGES.fieldRequired }).max(64, MESSAGES.invalidValue),
  month: wholeNumberParam(z.gte(1, MESSAGES.invalidValue), z.lte(12, MESSAGES.invalidValue)),
  year: wholeNumberParam(z.gte(2000, MESSAGES.invalidValue), z.lte(2100, MESSAGES.invalidValue)),
  venueId: z.optional(recordIdSchema),
});

const upcomingQuery = z.object({
  businessId: z.string({ error: MESSAGES.fieldRequired }).max(64, MESSAGES.invalidValue),
  venueId: recordIdSchema,
});
/** How many upcoming events the page lists. */
const UPCOMING = 5;

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    EVENTS_API.list,
    {
      schema: {
        tags,
        summary: 'Events overlapping a month of the business time zone (query businessId, month, year; venueId)',
        querystring: listQuery,
        response: { 200: okList(eventSummaryAnswer), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const { businessId, month, year, venueId } = request.query;
      if (businessId !== businessOf(request)) throw notFound();
      return { result: await eventsOfMonth(db, businessId, month, year, venueId) };
    },
  );

  app.get(
    EVENTS_API.upcoming,
    {
      schema: {
        tags,
        summary: `A venue's next ${UPCOMING} events, not over and not cancelled, soonest first (query businessId, venueId)`,
        querystring: upcomingQuery,
        response: { 200: okList(eventSummaryAnswer), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const { businessId, venueId } = request.query;
      if (businessId !== businessOf(request)) throw notFound();
      await venueOfBusiness(db, businessId, venueId);
      return { result: await upcomingEvents(db, businessId, venueId, new Date(app.ctx.now()), UPCOMING) };
    },
  );

  app.post(
    EVENTS_API.add,
    {
      schema: {
        tags,
        summary: 'Add an event with its ticket types (prices in USD)',
        body: eventSchema,
        response: { 200: ok(eventDetailsAnswer), ...refusals },
      },
      config: OWNER,
    },
    async (request) => {
      const auth = caller(request);
      const id = await createEvent(app, auth.businessId!, auth.userId, request.body);
      return { result: await eventDetails(db, auth.businessId!, id) };
    },
  );

  app.get(
    EVENTS_API.one,
    {
      schema: {
        tags,
        summary: 'An event with, per ticket type, quantity, tickets issued and admitted',
        params: idParams,
        response: { 200: ok(eventDetailsAnswer), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await eventDetails(db, businessOf(request), request.params.id) }),
  );

  app.put(
    EVENTS_API.one,
    {
      schema: {
        tags,
        summary:
          'Edit an event and its ticket types (a type with an id is kept, one without is added); moved to another ' +
          'start or venue, each guest with a valid ticket is mailed once',
        params: idParams,
        body: eventSchema,
        response: { 200: ok(eventDetailsAnswer), ...refusals },
      },
      config: OWNER,
    },
    async (request) => {
      await updateEvent(app, businessOf(request), request.params.id, request.body, requestLocale(request));
      return { result: await eventDetails(db, businessOf(request), request.params.id) };
    },
  );

  app.delete(
    EVENTS_API.one,
    {
      schema: {
        tags,
        summary: 'Cancel an event: kept as cancelled, its tickets cancelled, each guest mailed',
        params: idParams,
        response: { 200: okEmpty, ...refusals },
      },
      config: OWNER,
    },
    async (request) => {
      await cancelEvent(app, businessOf(request), request.params.id, requestLocale(request));
      return { result: true };
    },
  );

  app.get(
    EVENTS_API.tickets,
    {
      schema: {
        tags,
        summary: "An event's tickets, oldest first",
        params: idParams,
        response: { 200: okList(eventTicketAnswer), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await ticketsOfEvent(db, businessOf(request), request.params.id) }),
  );

  app.post(
    EVENTS_API.tickets,
    {
      schema: {
        tags,
        summary: 'Issue a ticket to a guest (409 when none of the type is left); the guest is mailed the pass',
        params: idParams,
        body: issueTicketSchema,
        response: { 200: ok(eventTicketAnswer), ...refusals },
      },
      config: OWNER,
    },
    async (request) => {
      const auth = caller(request);
      return {
        result: await issueTicket(app, request, auth.businessId!, auth.userId, request.params.id, request.body),
      };
    },
  );
};

export default eventRoutes;

/**
 * Bookings (calendar_management; "Booking Management" for USER, also MOVER; product brief
 * sections 1 and 2). The brief names no booking calls: our reading (src/domain/bookings/api.ts)
 * is GET /api/Booking/bookings?from&to (the calendar's range), GET …/{id}, POST (book), PUT
 * …/{id}/reschedule, PATCH …/{id}/cancel and GET /api/Booking/free-slots (when a service or a
 * duration can start on a range of the business's days: the booking form's slots).
 * Roles USER and MOVER; the tenant is the caller's selected business (users.business_id), so
 * another business's booking or product answers 404. Times travel as UTC instants; the
 * calendar shows them in the business's time zone, which every answer about time names.
 * Double booking: booking-service.ts. A time taken meanwhile answers 409 with bookingTaken.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BOOKING_API, BOOKING_ROLES } from '../../../src/domain/bookings/api';
import {
  BOOKING_STATUSES,
  bookingRangeQuery,
  bookingSchema,
  freeSlotsQuery,
  rescheduleSchema,
} from '../../../src/domain/bookings/rules';
import { caller } from '../../auth/access';
import { errorBody, errorResponses, ok, okList, timestamp } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { requestLocale } from '../email-templates';
import { announceBooking } from './announce';
import {
  cancelBooking,
  createBooking,
  getBooking,
  listBookings,
  rescheduleBooking,
  type Booking,
} from './booking-service';
import { durationFor } from './durations';
import { freeSlotsOf } from './free-slots';

const tags = ['Bookings'];
const BOOKERS = { access: { roles: BOOKING_ROLES, tenant: true } };
const idParams = z.object({ id: z.string().max(64) });
const conflictResponse = { 409: errorBody.describe('The time is already booked, or the booking is cancelled') };

const bookingOut = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  productName: z.string().nullable().describe('The catalogue item, or null (none, or since deleted)'),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().describe('E.164, or empty'),
  startsAt: timestamp,
  endsAt: timestamp,
  status: z.enum(BOOKING_STATUSES),
  notes: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const out = (b: Booking) => ({
  id: b.id,
  productId: b.productId,
  productName: b.productName,
  customerName: b.customerName,
  customerEmail: b.customerEmail,
  customerPhone: b.customerPhone,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  status: b.status,
  notes: b.notes,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

const businessOf = (request: FastifyRequest) => caller(request).businessId!;
const writer = (request: FastifyRequest) => ({ now: request.server.ctx.now(), userId: caller(request).userId });

const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    BOOKING_API.bookings,
    {
      schema: {
        tags,
        summary:
          'My bookings sharing time with from…to (ISO instants, at most 62 days; both statuses), by start. ' +
          'The calendar reads them in the business time zone',
        querystring: bookingRangeQuery,
        response: { 200: okList(bookingOut), ...errorResponses },
      },
      config: BOOKERS,
    },
    async (request) => {
      const { from, to } = request.query;
      const rows = await listBookings(db, businessOf(request), Date.parse(from), Date.parse(to));
      return { result: rows.map(out) };
    },
  );

  app.get(
    BOOKING_API.booking,
    {
      schema: { tags, summary: 'One booking', params: idParams, response: { 200: ok(bookingOut), ...errorResponses } },
      config: BOOKERS,
    },
    async (request) => ({ result: out(await getBooking(db, businessOf(request), request.params.id)) }),
  );

  app.post(
    BOOKING_API.bookings,
    {
      schema: {
        tags,
        summary:
          'Book a time (inside the open hours, not in the past, end after start) for a customer, optionally for a ' +
          'product or service of my catalogue. A time another confirmed booking shares answers 409',
        body: bookingSchema,
        response: { 201: ok(bookingOut), ...errorResponses, ...conflictResponse },
      },
      config: BOOKERS,
    },
    async (request, reply) => {
      const booking = await createBooking(db, businessOf(request), request.body, writer(request));
      await announceBooking(app, booking, 'created', requestLocale(request));
      return reply.code(201).send({ result: out(booking) });
    },
  );

  app.put(
    BOOKING_API.reschedule,
    {
      schema: {
        tags,
        summary: 'Move a booking to a new time: the same checks as a new booking, the booking itself excluded',
        params: idParams,
        body: rescheduleSchema,
        response: { 200: ok(bookingOut), ...errorResponses, ...conflictResponse },
      },
      config: BOOKERS,
    },
    async (request) => {
      const booking = await rescheduleBooking(
        db,
        businessOf(request),
        request.params.id,
        request.body,
        writer(request),
      );
      await announceBooking(app, booking, 'rescheduled', requestLocale(request));
      return { result: out(booking) };
    },
  );

  app.patch(
    BOOKING_API.cancel,
    {
      schema: {
        tags,
        summary: 'Cancel a booking (its time is free again; the booking stays, cancelled)',
        params: idParams,
        response: { 200: ok(bookingOut), ...errorResponses, ...conflictResponse },
      },
      config: BOOKERS,
    },
    async (request) => {
      const booking = await cancelBooking(db, businessOf(request), request.params.id, writer(request));
      await announceBooking(app, booking, 'cancelled', requestLocale(request));
      return { result: out(booking) };
    },
  );

  app.get(
    BOOKING_API.freeSlots,
    {
      schema: {
        tags,
        summary:
          'When a booking can start on my business days from…to (both included, at most 62): the open hours minus ' +
          'confirmed bookings, every 15 minutes from each opening, long enough for the service (productId) or ' +
          'durationMinutes, not in the past. UTC instants; timeZone is the business zone',
        querystring: freeSlotsQuery,
        response: {
          200: ok(
            z.object({
              timeZone: z.string(),
              durationMinutes: z.number(),
              starts: z.array(z.string().meta({ format: 'date-time' })),
            }),
          ),
          ...errorResponses,
        },
      },
      config: BOOKERS,
    },
    async (request) => {
      const businessId = businessOf(request);
      const durationMinutes = await durationFor(db, businessId, request.query);
      const { from, to } = request.query;
      const slots = await freeSlotsOf(db, businessId, { from, to, durationMinutes }, app.ctx.now());
      return { result: { ...slots, durationMinutes } };
    },
  );
};
export default bookingRoutes;

/**
 * A quote's actions beside the engine's CRUD (src/resources/quotes): send and the move's fit (MOVER,
 * its business only) — and the customer's side by the public token: read the quote, accept, decline.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { validateRecord } from '../../../src/domain/resources/field-rules';
import { PUBLIC_QUOTES_API, QUOTE_FIT_API, QUOTES_API, type QuoteMove } from '../../../src/domain/quotes/quotes';
import { quoteAnswerSchema } from '../../../src/domain/quotes/quote-version';
import { caller, tenantOf } from '../../auth/access';
import { businesses } from '../../db/schema';
import { notFound, ValidationError } from '../../http/errors';
import { errorBody, errorResponses, fileResponse, ok, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { toJson } from '../../resources/records';
import { schemasOf } from '../../resources/schemas';
import { requestLocale } from '../email-templates';
import { acceptQuote, declineQuote } from './answer-service';
import { moveFit } from './move-fit';
import { publicQuote, publicQuoteSchema } from './public-view';
import { quoteByToken, quotesResource, quoteWithLines } from './queries';
import { quotePdf } from './quote-pdf';
import { sendQuote } from './quote-service';
import { isQuoteExpired } from '../../../src/domain/quotes/quotes';
import { recordToday } from '../../resources/records';
import { publicOrigin } from '../../http/public-origin';

const moveFitSchema = z.object({
  fits: z.boolean(),
  reason: z.string().nullable().describe("The bookings' message when the move cannot be booked"),
  next: z
    .array(z.object({ moveDate: z.string(), startTime: z.string() }))
    .describe('Up to 3 starts that fit, from the move date'),
  timeZone: z.string(),
});

const MOVERS = { access: { roles: ['MOVER' as const], tenant: true } };
const tags = ['Quotes'];
const tokenParams = z.object({ token: z.string() });

const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const resource = quotesResource();
  const record = schemasOf(resource).record;
  const { db } = app.ctx.database;
  const origin = (request: FastifyRequest) => publicOrigin(app.ctx.config, request);

  app.post(
    `${QUOTES_API}/:id/send`,
    {
      schema: {
        tags,
        summary: 'Send a draft quote: mails the customer the link to accept or decline it, and marks it sent',
        params: z.object({ id: z.string() }),
        response: {
          200: ok(record),
          ...errorResponses,
          409: errorBody.describe(
            'Expired (change its valid-until), its move cannot be booked (the reason on startTime, the times that fit in the message), or moved meanwhile',
          ),
        },
      },
      config: MOVERS,
    },
    async (request) => {
      const auth = caller(request);
      const [business] = await db
        .select({ name: businesses.companyName })
        .from(businesses)
        .where(eq(businesses.id, auth.businessId!));
      await sendQuote(app, auth, request.params.id, origin(request), business?.name ?? '', requestLocale(request));
      const row = await quoteWithLines(app, request.params.id, tenantOf(request));
      return { result: (await toJson(app, resource, [row], { lines: true }))[0]! };
    },
  );

  app.get(
    QUOTE_FIT_API,
    {
      schema: {
        tags,
        summary:
          "Whether a move (date, start, hours) can be booked now: the bookings' reason when not, and the next times that fit",
        querystring: z.object({ moveDate: z.string(), startTime: z.string(), estimatedHours: z.string() }),
        response: { 200: ok(moveFitSchema), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request) => {
      const { moveDate, startTime, estimatedHours } = request.query;
      // The quote's own field rules and messages (the form's), on just these three fields.
      const hours = /^\d+(\.\d+)?$/.test(estimatedHours.trim()) ? Number(estimatedHours) : estimatedHours;
      const check = validateRecord(resource, 'update', { moveDate, startTime, estimatedHours: hours });
      if (!check.ok) throw new ValidationError(check.errors);
      const move = check.value as unknown as QuoteMove;
      return { result: await moveFit(app, caller(request).businessId!, move) };
    },
  );

  app.get(
    `${QUOTES_API}/:id/pdf`,
    {
      schema: {
        tags,
        summary: 'A quote as a PDF (content-disposition names it quote-<number>.pdf)',
        params: z.object({ id: z.string() }),
        response: { 200: fileResponse('application/pdf', 'The quote as a PDF'), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request, reply) => {
      const quote = await quoteWithLines(app, request.params.id, tenantOf(request));
      const [[business], today] = await Promise.all([
        db.select({ name: businesses.companyName }).from(businesses).where(eq(businesses.id, quote.businessId)),
        recordToday(app, quote.businessId),
      ]);
      const body = await quotePdf(quote, business?.name ?? '', isQuoteExpired(quote, today));
      return sendDownload(reply, { name: `quote-${quote.number}.pdf`, contentType: 'application/pdf', body });
    },
  );

  const answered = { 200: ok(publicQuoteSchema), 404: errorResponses[404] };

  app.get(
    `${PUBLIC_QUOTES_API}/:token`,
    {
      schema: {
        tags,
        summary: "Public: a sent quote by its link's token (the customer's page)",
        params: tokenParams,
        response: answered,
      },
      config: { access: 'public' },
    },
    async (request) => {
      const quote = await quoteByToken(app, request.params.token);
      if (!quote || quote.status === 'draft') throw notFound();
      return { result: await publicQuote(app, quote) };
    },
  );

  for (const [path, answer, summary] of [
    ['accept', acceptQuote, 'Public: accept a sent quote — books the move and creates its invoice, in one transaction'],
    ['decline', declineQuote, 'Public: decline a sent quote'],
  ] as const) {
    app.post(
      `${PUBLIC_QUOTES_API}/:token/${path}`,
      {
        schema: {
          tags,
          summary,
          params: tokenParams,
          body: quoteAnswerSchema,
          response: {
            ...answered,
            400: errorBody.describe('No version named (errors.version)'),
            409: errorBody.describe(
              'Already answered, changed by the mover since the version named (read it again), or (accept) the move’s time can no longer be booked',
            ),
            410: errorBody.describe('Past its valid-until date'),
          },
        },
        config: { access: 'public' },
      },
      async (request) => {
        const quote = await answer(app, request.params.token, request.body.version, requestLocale(request));
        return { result: await publicQuote(app, quote!) };
      },
    );
  }
};
export default quoteRoutes;

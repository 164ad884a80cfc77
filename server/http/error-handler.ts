/**
 * One place that shapes every error response: the right status, a clear message, per-field
 * errors for invalid input, and never a stack trace. Fastify's own errors for bad bodies
 * (unparseable JSON, wrong content type, too large) are mapped to readable 400/413/415s.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../src/domain/messages';
import { HttpError } from './errors';

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.invalidInput },
};

/**
 * PostgreSQL errors a client's input can cause (a race on a unique value, a reference to a row
 * that is gone, a value the column refuses) are the client's mistake, not a 500.
 * Drizzle wraps the driver's error, so the SQLSTATE may sit on `cause`.
 */
const SQLSTATE: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: MESSAGES.conflict },
  '23503': { status: 409, message: MESSAGES.conflict },
  '22P02': { status: 400, message: MESSAGES.invalidInput },
  '22001': { status: 400, message: MESSAGES.invalidInput },
  '22003': { status: 400, message: MESSAGES.invalidInput },
  '22007': { status: 400, message: MESSAGES.invalidInput },
  '22008': { status: 400, message: MESSAGES.invalidInput },
  // Text the database cannot hold (NUL in text, \u0000 or a lone surrogate in jsonb): the
  // hostile-input hook refuses these first; this is the net for text read from files.
  '22021': { status: 400, message: MESSAGES.characterNotAllowed },
  '22P05': { status: 400, message: MESSAGES.characterNotAllowed },
  // A search pattern or expression built from the client's text.
  '22025': { status: 400, message: MESSAGES.invalidInput },
  '22019': { status: 400, message: MESSAGES.invalidInput },
  '2201B': { status: 400, message: MESSAGES.invalidInput },
  // A value outside a column's CHECK, or too big for an index row.
  '23514': { status: 400, message: MESSAGES.invalidInput },
  '54000': { status: 400, message: MESSAGES.invalidInput },
  // A null where the column needs a value (a field the route's schema let through empty).
  '23502': { status: 400, message: MESSAGES.invalidInput },
};

function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

function reply(res: FastifyReply, status: number, message: string, errors: Record<string, string> = {}) {
  return res.status(status).type('application/json; charset=utf-8').send({ message, errors });
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors` option): a
 * path with broken percent-encoding or a parameter over the router's length limit would
 * otherwise get Fastify's own body, which is not the contract and echoes the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, res: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply(res, 400, MESSAGES.invalidInput);
  }
  request.log.error({ err: error }, 'router error');
  return reply(res, 500, MESSAGES.internalError);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, res: FastifyReply) => {
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) res.header(k, v);
      return reply(res, error.statusCode, error.message, error.errors);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply(res, known.status, known.message);
    const state = sqlState(error);
    const database = state ? SQLSTATE[state] : undefined;
    if (database) {
      request.log.info({ sqlState: state }, 'database refused client input');
      return reply(res, database.status, database.message);
    }
    if (error.statusCode === 429) return reply(res, 429, MESSAGES.tooManyRequests);
    // JSON with __proto__ or a malformed body caught by the parser
    if (error instanceof SyntaxError) return reply(res, 400, MESSAGES.invalidJson);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply(res, error.statusCode, error.statusCode === 404 ? MESSAGES.notFound : MESSAGES.invalidInput);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply(res, 500, MESSAGES.internalError);
  });
}

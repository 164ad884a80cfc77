/**
 * Errors a handler throws on purpose. The error handler turns each into the contract's
 * `{ message, errors }` body with its status; anything else becomes a 500 without details.
 */
import { MESSAGES } from '../../src/domain/messages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string = MESSAGES.invalidInput, errors: Record<string, string> = {}) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new HttpError(401, message, {}, { 'www-authenticate': 'Bearer' });
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string = MESSAGES.conflict, errors: Record<string, string> = {}) =>
  new HttpError(409, message, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    MESSAGES.tooManyRequests,
    {},
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/** A request that failed schema validation: 400 with one message per field. */
export class ValidationError extends HttpError {
  constructor(errors: Record<string, string>) {
    super(400, MESSAGES.invalidInput, errors);
    this.name = 'ValidationError';
  }
}

import { errorTextFromBody } from '../../domain/http-messages';

export type FieldErrors = Record<string, string | string[]>;

/**
 * A failed API call. `message` already follows product brief section 8 (the body's message, else its
 * field errors joined with ', ', else 'There was an error'; 'Connection error' without a
 * response). `statusCode` and `errors` are the names Refine's HttpError reads, so forms and
 * notifications can use it as is.
 */
export class ApiError extends Error {
  /** 0 when no response came back at all. */
  readonly status: number;
  readonly statusCode: number;
  readonly errors: FieldErrors;
  readonly body: unknown;
  /** A 429's Retry-After in seconds: when the server will listen again (null when not said). */
  readonly retryAfterSeconds: number | null;

  constructor(message: string, status: number, body: unknown = null, retryAfterSeconds: number | null = null) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'ApiError';
    this.status = status;
    this.statusCode = status;
    this.body = body;
    const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
    this.errors = errors && typeof errors === 'object' ? (errors as FieldErrors) : {};
  }

  static fromBody(status: number, body: unknown, retryAfterSeconds: number | null = null): ApiError {
    return new ApiError(errorTextFromBody(body), status, body, retryAfterSeconds);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's first message for one field of a refused call (a field's errors are one text or a
 * list), or for its first field when none is named: the rule's own words under the generic
 * 'Some fields are not valid'. Undefined for any other error or a field the answer does not name.
 */
export function fieldMessage(error: unknown, field?: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const given = field === undefined ? Object.values(error.errors)[0] : error.errors[field];
  return (Array.isArray(given) ? given[0] : given) || undefined;
}

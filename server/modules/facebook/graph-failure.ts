/**
 * What went wrong with a Graph API call, in the owner's terms, and the answer our API gives for
 * it. Never a 500: Facebook being down or saying no is not this server failing.
 *
 * Facebook's error body is `{ error: { message, type, code, error_subcode, fbtrace_id } }`.
 * Code 190 (OAuthException: invalid, expired or withdrawn token) and 102 (an old session) mean
 * the stored token is no good: the owner must reconnect. Any other error is Facebook's refusal,
 * shown in Facebook's own words (a missing permission, a page name it does not allow…).
 */
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { HttpError } from '../../http/errors';

export type GraphFailure =
  | { kind: 'reconnect' }
  | { kind: 'refused'; reason: string }
  | { kind: 'unreadable' }
  | { kind: 'timeout' }
  | { kind: 'unreachable' };

/** A Graph call that did not give what was asked. */
export class GraphError extends Error {
  constructor(readonly failure: GraphFailure) {
    super(`Graph API: ${failure.kind}`);
    this.name = 'GraphError';
  }
}

const TOKEN_CODES = new Set([190, 102]);
/** Facebook's messages run long at times; the owner reads the start. */
const REASON_MAX = 300;

/** The failure a Graph answer carries: an HTTP status that is not 2xx, or a 2xx with an `error`. */
export function failureOf(status: number, body: unknown): GraphFailure | null {
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  if (status >= 200 && status < 300 && error === undefined) return null;
  if (typeof error !== 'object' || error === null) return { kind: 'unreadable' };
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'number' && TOKEN_CODES.has(code)) return { kind: 'reconnect' };
  const reason = typeof message === 'string' ? message.replace(/\s+/g, ' ').trim() : '';
  if (!reason) return { kind: 'unreadable' };
  return { kind: 'refused', reason: reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason };
}

/**
 * Our answer for a failure: 409 when Facebook said no (the owner acts: reconnect, or change what
 * was asked), 502 when its answer could not be used or it could not be reached, 504 on a timeout.
 */
export function failureAnswer(failure: GraphFailure): HttpError {
  switch (failure.kind) {
    case 'reconnect':
      return new HttpError(409, MESSAGES.facebookReconnect);
    case 'refused':
      return new HttpError(409, formatMessage('facebookRefused', { reason: failure.reason }));
    case 'unreadable':
      return new HttpError(502, MESSAGES.facebookUnreadable);
    case 'timeout':
      return new HttpError(504, MESSAGES.facebookTimeout);
    case 'unreachable':
      return new HttpError(502, MESSAGES.facebookUnreachable);
  }
}

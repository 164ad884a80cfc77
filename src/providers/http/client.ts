import { API } from '../../domain/api-paths';
import { errorTextFromBody, HTTP_MESSAGES } from '../../domain/http-messages';
import type { UserData } from '../../domain/user';
import { getStoredUser, requireTwoFactor, signOut, updateSession } from '../session';
import { ApiError } from './api-error';

/** Empty means same origin, which is how the server serves the built client. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | readonly Scalar[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Plain values go as JSON; FormData, Blob and strings go as they are. */
  body?: unknown;
  /** An `Authorization` given here wins over the stored one (member calls use their own token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'json' (the default) returns the body's `result`; 'blob' returns the raw body for downloads. */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

const pathOf = (path: string): string => (path.split('?')[0] ?? '').toLowerCase();
const isOneOf = (path: string, paths: readonly string[]): boolean => paths.some((p) => pathOf(p) === pathOf(path));

/** A 401 from these means the session itself is gone: sign out at once (product brief section 7). */
const SIGN_OUT_ON_401: readonly string[] = [API.refreshToken, API.logout];
/** A 401 from these is an answer about the input, not an expired session: no refresh. */
const NO_REFRESH_ON_401: readonly string[] = [
  API.login,
  API.validateToken,
  API.forgotPassword,
  API.resendCode,
  API.recoveryChangePassword,
];

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function send(path: string, options: RequestOptions, authorization: string | undefined): Promise<Response> {
  const headers = new Headers(options.headers);
  if (authorization && !headers.has('authorization')) headers.set('Authorization', authorization);
  // The UI's language (i18n.ts keeps it on <html lang>): the server writes mails to people without
  // an account — a customer accepting a quote, a member activating — in the language they used,
  // and what this screen asked for in it (a notifications search, an export: server/i18n).
  const language = globalThis.document?.documentElement.lang;
  if (language && !headers.has('accept-language')) headers.set('Accept-Language', language);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    }
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request is the caller's choice, not a connection problem.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(HTTP_MESSAGES.connectionError, 0);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Retry-After as seconds (the server sends a number of seconds; an HTTP date is read too). */
function retryAfter(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function toApiResponse<T>(path: string, response: Response, options: RequestOptions): Promise<ApiResponse<T>> {
  if (response.ok && options.responseType === 'blob') {
    return { data: (await response.blob()) as T, headers: response.headers, status: response.status };
  }
  const body = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && isOneOf(path, [API.login])) {
      throw new ApiError(HTTP_MESSAGES.credentialsIncorrect, 401, body);
    }
    // The server's two-factor gate: this session must pass /verify first.
    if (response.status === 403 && errorTextFromBody(body) === HTTP_MESSAGES.twoFactorRequired) requireTwoFactor();
    throw ApiError.fromBody(response.status, body, retryAfter(response));
  }
  const data = body && typeof body === 'object' && 'result' in body ? (body as { result: unknown }).result : body;
  return { data: data as T, headers: response.headers, status: response.status };
}

/**
 * How a refresh ended: new tokens stored; refused by the server (the session is over); or no
 * answer at all (offline, the server unreachable, the page leaving while it was on the way).
 */
type Renewal = 'renewed' | 'refused' | 'unanswered';

let refreshing: Promise<Renewal> | null = null;

/**
 * Renews the tokens with the stored refresh token. Concurrent callers share one call, because
 * each refresh token works only once: a second call with the same token would be refused.
 */
function renewShared(): Promise<Renewal> {
  refreshing ??= renewTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Renews the tokens (shared, as above); true when new ones are stored. */
export async function refreshSession(): Promise<boolean> {
  return (await renewShared()) === 'renewed';
}

async function renewTokens(): Promise<Renewal> {
  const stored = getStoredUser();
  if (!stored) return 'refused';
  try {
    const { data, headers } = await request<UserData>(API.refreshToken, {
      method: 'POST',
      // The stored value is "Bearer <token>"; the body wants the bare token.
      body: { accessToken: stored.auth.authorization.split(' ')[1] ?? '', refreshToken: stored.auth.refreshtoken },
    });
    updateSession({
      auth: {
        authorization: headers.get('authorization') ?? stored.auth.authorization,
        refreshtoken: headers.get('refreshtoken') ?? stored.auth.refreshtoken,
      },
      userData: data,
    });
    return 'renewed';
  } catch (error) {
    // Only the server's no ends the session. A refresh that got no answer — the connection
    // dropped, or the page was reloaded or left while it was on the way (the browser then
    // cancels it) — says nothing about the session, and signing out then signed the user out
    // of every tab. A 5xx or 429 is the server unable to answer now, not a no either.
    const status = error instanceof ApiError ? error.status : 0;
    return status === 0 || status === 429 || status >= 500 ? 'unanswered' : 'refused';
  }
}

/** The 401 rule of product brief section 7; returns the response the caller should read. */
async function afterUnauthorized(
  path: string,
  options: RequestOptions,
  sentAuthorization: string | undefined,
  response: Response,
): Promise<Response> {
  if (isOneOf(path, SIGN_OUT_ON_401)) {
    // A refused renewal says why the session ended (a password changed elsewhere, an account
    // disabled): kept for the sign-in page's toast.
    signOut('expired', await messageOf(response));
    return response;
  }
  // Anonymous calls and calls made with their own token have no stored session to renew.
  if (isOneOf(path, NO_REFRESH_ON_401) || !sentAuthorization || ownAuthorization(options)) return response;

  // If another request already renewed the tokens while this one was in flight, just retry.
  const current = getStoredUser()?.auth.authorization;
  const renewal = current !== undefined && current !== sentAuthorization ? 'renewed' : await renewShared();
  if (renewal === 'unanswered') throw new ApiError(HTTP_MESSAGES.connectionError, 0);
  if (renewal === 'refused') {
    signOut('expired');
    return response;
  }
  const retry = await send(path, options, getStoredUser()?.auth.authorization);
  // Refused again with fresh tokens: the server no longer accepts this session.
  if (retry.status === 401) signOut('expired');
  return retry;
}

/** The `message` of an error answer, read from a copy (the caller still reads the answer). */
async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

function ownAuthorization(options: RequestOptions): string | undefined {
  const entry = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization');
  return entry?.[1];
}

/**
 * The one HTTP client of the app: adds the stored bearer token, unwraps `{ result }`, turns
 * failures into ApiError with the product brief's messages, and applies the 401 rule.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const sentAuthorization = ownAuthorization(options) ?? getStoredUser()?.auth.authorization;
  let response = await send(path, options, sentAuthorization);
  if (response.status === 401) response = await afterUnauthorized(path, options, sentAuthorization, response);
  return toApiResponse<T>(path, response, options);
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
};

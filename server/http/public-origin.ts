/**
 * The app's public origin, the one rule for every address this server hands out or mails: a
 * payment or onboarding link, an invoice's or quote's pay page, a member's invitation, a ticket,
 * a picture named in a mail, a campaign's links, the screen Facebook sends the owner back to.
 *
 * APP_URL when it is set (production sets it). Else the origin of the page the call came from
 * (its Origin header) when it is one this server serves, a CORS origin (the app served apart
 * from the API, or Vite's dev server on :5173); any other Origin is not ours to send people to.
 * Else the address the call reached: its Host, or X-Forwarded-Host only behind a proxy this
 * server trusts (TRUST_PROXY, which request.host honours; read from any caller it would let
 * them choose the domain of a link mailed to someone else). Without a call (a background job,
 * the seed) this server on localhost.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

export function publicOrigin(
  config: Pick<Config, 'appUrl' | 'corsOrigins' | 'port'>,
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'> | null,
): string {
  const { appUrl, corsOrigins, port } = config;
  if (appUrl) return appUrl;
  if (!request) return `http://localhost:${port}`;
  const origin = request.headers.origin;
  if (origin && corsOrigins.includes(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

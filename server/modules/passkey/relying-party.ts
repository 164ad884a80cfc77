/**
 * Who we are to the browser's WebAuthn (the relying party): the RP ID passkeys are bound to and
 * the origins a ceremony may come from. Configured (RP_ID, RP_ORIGINS) or taken from the request,
 * so the app works on localhost and on its deployed host with nothing set (see server/config.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** Origins whose host is the RP ID or a subdomain of it. */
  origins: string[];
}

function originOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The origin the browser is on, as the request shows it (scheme + Host; proxies need TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest): string | null {
  return originOf(`${request.protocol}://${request.host}`)?.origin ?? null;
}

/** Origins allowed for credentials bound to `rpId`: ours and the configured ones on that domain. */
export function originsFor(app: FastifyInstance, request: FastifyRequest, rpId: string): string[] {
  const candidates = [requestOrigin(request), ...app.ctx.config.passkey.origins];
  const out = new Set<string>();
  for (const candidate of candidates) {
    const url = candidate ? originOf(candidate) : null;
    if (url && (url.hostname === rpId || url.hostname.endsWith(`.${rpId}`))) out.add(url.origin);
  }
  return [...out];
}

export function relyingParty(app: FastifyInstance, request: FastifyRequest): RelyingParty {
  const { rpId: configured, rpName } = app.ctx.config.passkey;
  const rpId = configured ?? originOf(`http://${request.host}`)?.hostname ?? 'localhost';
  return { rpId, rpName, origins: originsFor(app, request, rpId) };
}

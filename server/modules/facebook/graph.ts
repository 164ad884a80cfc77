/**
 * The Graph API as this server calls it (FACEBOOK_GRAPH_URL, a versioned base such as
 * https://graph.facebook.com/v21.0): plain fetch with a time limit, every call with a user or
 * page token also signed with `appsecret_proof` (HMAC-SHA256 of the token keyed with the app
 * secret; Facebook refuses a stolen token without it when the app requires it). Failures become
 * GraphError (graph-failure.ts); nothing here knows about businesses or the database.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { failureOf, GraphError } from './graph-failure';

export type FacebookConfig = Config['facebook'];

/** Configured: an app id and its secret are set. */
export const isConfigured = (config: FacebookConfig): config is FacebookConfig & { appId: string; appSecret: string } =>
  Boolean(config.appId && config.appSecret);

export interface GraphPage {
  id: string;
  name: string;
  category: string;
  accessToken: string;
}

export interface GraphToken {
  accessToken: string;
  /** Seconds, when Facebook said. */
  expiresIn: number | null;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** At most this many pages of /me/accounts are followed (100 pages each). */
const MAX_PAGE_REQUESTS = 10;

export function graphClient(config: FacebookConfig & { appId: string; appSecret: string }) {
  const proof = (token: string) => createHmac('sha256', config.appSecret).update(token).digest('hex');

  async function send(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      throw new GraphError({ kind: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable' });
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
        throw new GraphError({ kind: 'timeout' });
      body = null;
    }
    const failure = failureOf(response.status, body);
    if (failure) throw new GraphError(failure);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new GraphError({ kind: 'unreadable' });
    return body as Record<string, unknown>;
  }

  const url = (path: string, params: Record<string, string>) =>
    `${config.graphUrl}${path}?${new URLSearchParams(params)}`;
  const signed = (token: string, params: Record<string, string> = {}) => ({
    ...params,
    access_token: token,
    appsecret_proof: proof(token),
  });
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const token = (body: Record<string, unknown>): GraphToken => {
    const accessToken = text(body.access_token);
    if (!accessToken) throw new GraphError({ kind: 'unreadable' });
    return { accessToken, expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null };
  };

  return {
    /** The login dialog's answer (`code`) traded for a user token, for the same redirect address. */
    async exchangeCode(code: string, redirectUri: string): Promise<GraphToken> {
      const params = { client_id: config.appId, client_secret: config.appSecret, redirect_uri: redirectUri, code };
      return token(await send(url('/oauth/access_token', params)));
    },

    /** A short-lived user token traded for a long-lived one (about 60 days). */
    async longLived(shortToken: string): Promise<GraphToken> {
      const params = {
        grant_type: 'fb_exchange_token',
        client_id: config.appId,
        client_secret: config.appSecret,
        fb_exchange_token: shortToken,
      };
      return token(await send(url('/oauth/access_token', params)));
    },

    async me(userToken: string): Promise<{ id: string; name: string }> {
      const body = await send(url('/me', signed(userToken, { fields: 'id,name' })));
      const id = text(body.id);
      if (!id) throw new GraphError({ kind: 'unreadable' });
      return { id, name: text(body.name) ?? id };
    },

    /** The pages the user manages, with each page's token; Facebook's paging followed. */
    async pages(userToken: string): Promise<GraphPage[]> {
      const found: GraphPage[] = [];
      let next: string | null = url(
        '/me/accounts',
        signed(userToken, { fields: 'id,name,category,access_token', limit: '100' }),
      );
      for (let i = 0; next && i < MAX_PAGE_REQUESTS; i++) {
        const body = await send(next);
        if (!Array.isArray(body.data)) throw new GraphError({ kind: 'unreadable' });
        for (const item of body.data as unknown[]) {
          if (typeof item !== 'object' || item === null) continue;
          const page = item as Record<string, unknown>;
          const id = text(page.id);
          const accessToken = text(page.access_token);
          if (!id || !accessToken) continue;
          found.push({ id, name: text(page.name) ?? id, category: text(page.category) ?? '', accessToken });
        }
        const paging = body.paging as { next?: unknown } | undefined;
        const link = typeof paging?.next === 'string' ? paging.next : null;
        // Only a next link on the Graph API itself is followed: the token travels with it.
        next = link && sameOrigin(link, config.graphUrl) ? link : null;
      }
      return found;
    },

    /**
     * Withdraws the app's access on Facebook (DELETE /{user-id}/permissions): every permission
     * the user granted it, so the app leaves their Business integrations and the tokens it holds,
     * the pages' too, stop working. Facebook answers `{ success: true }`.
     */
    async withdraw(userToken: string, accountId: string): Promise<void> {
      const body = await send(url(`/${encodeURIComponent(accountId)}/permissions`, signed(userToken)), {
        method: 'DELETE',
      });
      if (body.success !== true) throw new GraphError({ kind: 'unreadable' });
    },

    /**
     * Graph's page-creation call (POST /{user-id}/accounts: name, category_enum, about, and the
     * picture as a file part). Facebook grants it to few apps; its refusal comes back as GraphError.
     */
    async createPage(
      userToken: string,
      accountId: string,
      page: {
        name: string;
        category: string;
        about: string;
        picture: { bytes: Buffer; type: string; fileName: string } | null;
      },
    ): Promise<{ id: string }> {
      const form = new FormData();
      for (const [k, v] of Object.entries(signed(userToken))) form.append(k, v);
      form.append('name', page.name);
      form.append('category_enum', page.category);
      if (page.about) form.append('about', page.about);
      if (page.picture)
        form.append(
          'picture',
          new Blob([new Uint8Array(page.picture.bytes)], { type: page.picture.type }),
          page.picture.fileName,
        );
      const body = await send(`${config.graphUrl}/${encodeURIComponent(accountId)}/accounts`, {
        method: 'POST',
        body: form,
      });
      const id = text(body.id);
      if (!id) throw new GraphError({ kind: 'unreadable' });
      return { id };
    },
  };
}

export type GraphClient = ReturnType<typeof graphClient>;

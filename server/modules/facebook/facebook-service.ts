/**
 * The Facebook page connection of a business (facebook_ads): the login dialog's address, the
 * sign-in's completion, the status, the account's pages, the page chosen, a new page, and
 * disconnecting. Every function is given the caller's business and touches only its row.
 * Graph failures become clear answers (graph-failure.ts); a token Facebook refuses is marked,
 * so the status says "reconnect" until the owner does.
 */
import type { FastifyInstance } from 'fastify';
import { FACEBOOK_SCOPES, FACEBOOK_SCREEN } from '../../../src/domain/facebook/api';
import type { CreatePageInput } from '../../../src/domain/facebook/rules';
import type { FacebookDisconnected, FacebookPage, FacebookStatus } from '../../../src/domain/facebook/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, HttpError } from '../../http/errors';
import {
  connectionOf,
  forgetConnection,
  markRejected,
  saveConnection,
  savePage,
  userTokenOf,
} from './connection-store';
import { graphClient, isConfigured, type GraphClient, type GraphPage } from './graph';
import { failureAnswer, GraphError } from './graph-failure';
import { readState, signState, stateKey } from './state';
import type { FacebookConnectionRow } from './tables';

export interface Owner {
  userId: string;
  businessId: string;
}

/** 409, not 503: the server works; it is set up without Facebook, which the owner is told in words. */
const notConfigured = () => new HttpError(409, MESSAGES.facebookNotConfigured);

function client(app: FastifyInstance): GraphClient {
  const config = app.ctx.config.facebook;
  if (!isConfigured(config)) throw notConfigured();
  return graphClient(config);
}

/** Runs Graph calls; a refused token is marked on the business's row before the answer goes out. */
async function withGraph<T>(app: FastifyInstance, businessId: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    if (err.failure.kind === 'reconnect' && businessId) await markRejected(app, businessId);
    else if (err.failure.kind !== 'refused') app.log.warn({ failure: err.failure }, 'a Facebook Graph call failed');
    throw failureAnswer(err.failure);
  }
}

const needsReconnect = (row: FacebookConnectionRow, now: number) =>
  row.tokenRejectedAt !== null || (row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() <= now);

export async function statusOf(app: FastifyInstance, businessId: string): Promise<FacebookStatus> {
  const configured = isConfigured(app.ctx.config.facebook);
  const row = await connectionOf(app, businessId);
  if (!row)
    return { configured, connected: false, needsReconnect: false, account: null, page: null, connectedAt: null };
  return {
    configured,
    connected: true,
    needsReconnect: needsReconnect(row, app.ctx.now()),
    account: { id: row.accountId, name: row.accountName },
    page: row.pageId ? { id: row.pageId, name: row.pageName ?? row.pageId } : null,
    connectedAt: row.connectedAt.toISOString(),
  };
}

/**
 * The login dialog's address for this owner: Facebook sends them back to the screen
 * (`origin` + FACEBOOK_SCREEN) with a code and this state.
 */
export async function connectUrl(app: FastifyInstance, owner: Owner, origin: string): Promise<string> {
  const config = app.ctx.config.facebook;
  if (!isConfigured(config)) throw notConfigured();
  const redirectUri = `${origin}${FACEBOOK_SCREEN}`;
  const state = signState(await stateKey(app), { ...owner, redirectUri, issuedAt: app.ctx.now() });
  const params = new URLSearchParams({
    client_id: config.appId,
    redirect_uri: redirectUri,
    state,
    response_type: 'code',
    scope: FACEBOOK_SCOPES.join(','),
  });
  return `${config.dialogUrl}?${params}`;
}

/** The dialog's answer: the state checked, the code traded for a long-lived token, the account read and kept. */
export async function completeSignIn(app: FastifyInstance, owner: Owner, input: { code: string; state: string }) {
  const graph = client(app);
  const check = readState(await stateKey(app), input.state, owner, app.ctx.now());
  if (!check.ok)
    throw badRequest(check.reason === 'expired' ? MESSAGES.facebookStateExpired : MESSAGES.facebookStateInvalid);
  const { token, account } = await withGraph(app, null, async () => {
    const short = await graph.exchangeCode(input.code, check.claims.redirectUri);
    const long = await graph.longLived(short.accessToken);
    return { token: long, account: await graph.me(long.accessToken) };
  });
  await saveConnection(app, {
    ...owner,
    account,
    userToken: token.accessToken,
    expiresAt: token.expiresIn ? new Date(app.ctx.now() + token.expiresIn * 1000) : null,
  });
  return statusOf(app, owner.businessId);
}

/** The connection and its token, or the refusal the screen shows (not connected; reconnect). */
async function connected(app: FastifyInstance, businessId: string) {
  const row = await connectionOf(app, businessId);
  if (!row) throw new HttpError(409, MESSAGES.facebookNotConnected);
  const token = await userTokenOf(app, row);
  if (!token || needsReconnect(row, app.ctx.now())) {
    if (!token && !row.tokenRejectedAt) await markRejected(app, businessId);
    throw new HttpError(409, MESSAGES.facebookReconnect);
  }
  return { row, token };
}

/** The pages the connected account manages now, with their tokens (Facebook is asked). */
async function graphPages(app: FastifyInstance, businessId: string): Promise<GraphPage[]> {
  const graph = client(app);
  const { token } = await connected(app, businessId);
  return withGraph(app, businessId, () => graph.pages(token));
}

export async function pagesOf(app: FastifyInstance, businessId: string): Promise<FacebookPage[]> {
  return (await graphPages(app, businessId)).map((p) => ({ id: p.id, name: p.name, category: p.category }));
}

/** Keeps the page for the business; only a page the account manages now (Facebook is asked again). */
export async function selectPage(app: FastifyInstance, businessId: string, pageId: string) {
  const page = (await graphPages(app, businessId)).find((p) => p.id === pageId);
  if (!page) throw badRequest(MESSAGES.facebookPageNotYours, { pageId: MESSAGES.facebookPageNotYours });
  await savePage(app, businessId, page);
  return statusOf(app, businessId);
}

export interface PagePicture {
  bytes: Buffer;
  type: string;
  fileName: string;
}

/** Asks Facebook to create a page under the connected account; Facebook's refusal is the answer. */
export async function createPage(
  app: FastifyInstance,
  businessId: string,
  input: CreatePageInput,
  picture: PagePicture | null,
) {
  const graph = client(app);
  const { row, token } = await connected(app, businessId);
  const { id } = await withGraph(app, businessId, () => graph.createPage(token, row.accountId, { ...input, picture }));
  return { id, name: input.name };
}

/**
 * Disconnects: Facebook is asked to withdraw the app's access first, then the connection is
 * forgotten here whatever Facebook answered. Facebook down, hung (FACEBOOK_TIMEOUT_MS) or refusing
 * the token (expired, or the access already removed there) does not keep the owner connected:
 * the answer says the access may remain on Facebook, for the owner to remove in its settings.
 */
export async function disconnect(app: FastifyInstance, businessId: string): Promise<FacebookDisconnected> {
  const row = await connectionOf(app, businessId);
  const withdrawal = row ? await withdrawOnFacebook(app, row) : 'none';
  await forgetConnection(app, businessId);
  return { ...(await statusOf(app, businessId)), withdrawal };
}

async function withdrawOnFacebook(app: FastifyInstance, row: FacebookConnectionRow): Promise<'done' | 'failed'> {
  const config = app.ctx.config.facebook;
  const token = await userTokenOf(app, row);
  if (!isConfigured(config) || !token) return 'failed';
  try {
    await graphClient(config).withdraw(token, row.accountId);
    return 'done';
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    app.log.warn({ failure: err.failure }, "Facebook did not withdraw the app's access on disconnect");
    return 'failed';
  }
}

/**
 * A Graph API stand-in on 127.0.0.1 for the Facebook connection's tests: the calls the server
 * makes (the code exchange, the long-lived token, /me, /me/accounts, page creation, withdrawing
 * the app's permissions), answered
 * the way Facebook answers them, its error bodies included. It checks what Facebook checks
 * (the app's id and secret, the redirect address, each token's appsecret_proof) and records
 * every request for the tests to read.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STUB_APP = { id: 'stub-app-id', secret: 'stub-app-secret' };
export const STUB_ACCOUNT = { id: '1001', name: 'Carla Owner' };
export const STUB_PAGES = [
  { id: '2001', name: 'Blue Note Club', category: 'Bar', access_token: 'page-token-2001' },
  { id: '2002', name: 'Blue Note Jazz Nights', category: 'Concert Venue', access_token: 'page-token-2002' },
];

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  contentType: string;
}

const fbError = (code: number, message: string, type = 'OAuthException') => ({
  error: { message, type, code, fbtrace_id: 'AbCdEf123' },
});

export async function startGraphStub() {
  const requests: StubRequest[] = [];
  /** Codes the dialog "issued", each for the redirect address it was issued for. */
  const codes = new Map<string, string>();
  /** Tokens Facebook no longer takes (code 190). */
  const expired = new Set<string>();
  const state = {
    /** What the page-creation call answers. */
    createPage: 'refuse' as 'refuse' | 'ok',
    /** Calls that are never answered (a hung Facebook), by path. */
    hang: new Set<string>(),
  };
  const hanging: ServerResponse[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const proofOk = (token: string | null, proof: string | null) =>
    token !== null && proof === createHmac('sha256', STUB_APP.secret).update(token).digest('hex');

  /** The token of a signed call, or an error answer already sent. */
  function tokenOf(req: StubRequest, res: ServerResponse, fields: URLSearchParams = req.query): string | null {
    const token = fields.get('access_token');
    if (!proofOk(token, fields.get('appsecret_proof'))) {
      json(res, 400, fbError(100, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException'));
      return null;
    }
    if (expired.has(token!)) {
      json(
        res,
        400,
        fbError(190, 'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.'),
      );
      return null;
    }
    return token;
  }

  function answer(req: StubRequest, res: ServerResponse) {
    const q = req.query;
    if (state.hang.has(req.path)) return void hanging.push(res);
    if (req.method === 'GET' && req.path === '/v21.0/oauth/access_token') {
      if (q.get('client_id') !== STUB_APP.id || q.get('client_secret') !== STUB_APP.secret)
        return json(res, 400, fbError(101, 'Error validating application. Invalid application ID.'));
      if (q.get('grant_type') === 'fb_exchange_token') {
        const short = q.get('fb_exchange_token') ?? '';
        if (expired.has(short)) return json(res, 400, fbError(190, 'Error validating access token.'));
        return json(res, 200, { access_token: `long-${short}`, token_type: 'bearer', expires_in: 5_184_000 });
      }
      const code = q.get('code') ?? '';
      const redirect = codes.get(code);
      if (redirect === undefined) return json(res, 400, fbError(100, 'This authorization code has been used.'));
      if (redirect !== q.get('redirect_uri'))
        return json(
          res,
          400,
          fbError(
            100,
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          ),
        );
      codes.delete(code);
      return json(res, 200, { access_token: `short-${code}`, token_type: 'bearer', expires_in: 5_000 });
    }
    if (req.method === 'GET' && req.path === '/v21.0/me') {
      if (tokenOf(req, res) === null) return;
      return json(res, 200, STUB_ACCOUNT);
    }
    if (req.method === 'GET' && req.path === '/v21.0/me/accounts') {
      if (tokenOf(req, res) === null) return;
      // Two pages of results, as Facebook pages them: the second behind paging.next.
      const after = q.get('after');
      const next = new URL(`http://127.0.0.1:${port}${req.path}`);
      for (const [k, v] of q) next.searchParams.set(k, v);
      next.searchParams.set('after', 'cursor-1');
      return after
        ? json(res, 200, { data: [STUB_PAGES[1]], paging: { cursors: { before: 'cursor-1' } } })
        : json(res, 200, { data: [STUB_PAGES[0]], paging: { cursors: { after: 'cursor-1' }, next: next.toString() } });
    }
    if (req.method === 'DELETE' && req.path === `/v21.0/${STUB_ACCOUNT.id}/permissions`) {
      const token = tokenOf(req, res);
      if (token === null) return;
      // Withdrawn: as on Facebook, the user's token opens nothing any more.
      expired.add(token);
      return json(res, 200, { success: true });
    }
    if (req.method === 'POST' && req.path === `/v21.0/${STUB_ACCOUNT.id}/accounts`) {
      const fields = new URLSearchParams();
      // The token travels in the multipart body: read its text fields.
      const boundary = /boundary=(.+)$/.exec(req.contentType)?.[1] ?? '';
      for (const part of req.body.toString('latin1').split(`--${boundary}`)) {
        const m = /name="([^"]+)"(?!; filename)\r\n\r\n([\s\S]*)\r\n$/.exec(part);
        if (m) fields.set(m[1]!, Buffer.from(m[2]!, 'latin1').toString('utf8'));
      }
      if (tokenOf(req, res, fields) === null) return;
      if (state.createPage === 'refuse')
        return json(res, 403, fbError(10, 'Application does not have permission for this action'));
      return json(res, 200, { id: '3001' });
    }
    json(res, 404, fbError(803, 'Unknown path components', 'OAuthException'));
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: Buffer.concat(chunks),
        contentType: req.headers['content-type'] ?? '',
      };
      requests.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    graphUrl: `http://127.0.0.1:${port}/v21.0`,
    requests,
    state,
    expired,
    /** A code as the login dialog would issue it for this redirect address. */
    issueCode(code: string, redirectUri: string) {
      codes.set(code, redirectUri);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type GraphStub = Awaited<ReturnType<typeof startGraphStub>>;

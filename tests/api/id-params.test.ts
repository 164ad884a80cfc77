/**
 * A malformed record id in a path: every route with an id parameter (`:id` or `:somethingId`)
 * answers 400 naming that parameter with the one message, "This id is not valid" (idInvalid,
 * src/domain/schemas/record-id.ts), before any lookup. Not "Invalid value", not a 404 of its own,
 * never a 500. The routes come from the server's own route table (`printRoutes`), so a route
 * added later is walked too, listed in the OpenAPI document or not. Each route is called by the
 * first caller its access rule lets in (signed out, then each demo role); the other ids in the
 * path are well-formed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { isIdParamName } from '../../src/domain/schemas/record-id';
import { createTestApp, everyCaller, type TestApp } from './helpers/app';

let t: TestApp;
let callers: [string, string | undefined][];

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  callers = await everyCaller(t);
}, 60_000);
afterAll(() => t?.close());

interface Route {
  method: string;
  /** The path as the router holds it; a position two routes name differently reads `:id|:venueId`. */
  path: string;
}

/** Every method and path in the router's tree (`printRoutes`, one line a node, four columns a level). */
function routeTable(): Route[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const [, segment = '', methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4)) ?? [];
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + segment;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/** A path parameter's possible names at one position: `:id|:venueId` → ['id', 'venueId']. */
const PARAM = /:\w+(?:\|:\w+)*/g;
const namesOf = (token: string) => token.split('|').map((n) => n.slice(1));
/** A well-formed value for a parameter that is not the one under test. */
const fine = (names: string[]) =>
  names.some(isIdParamName) ? randomUUID() : names.includes('page') || names.includes('version') ? '1' : 'walk';

it('finds the id parameters in the route table', () => {
  const routes = routeTable();
  expect(routes.length).toBeGreaterThan(300);
  const withIds = routes.filter((r) => (r.path.match(PARAM) ?? []).some((p) => namesOf(p).some(isIdParamName)));
  // Bookings, events, invoices, venues, reservations, quotes, service tickets, campaigns, chat, files…
  expect(withIds.length).toBeGreaterThan(150);
});

it('answers a malformed id in any path parameter with 400 "This id is not valid", as the first caller let in', async () => {
  const problems: string[] = [];
  let walked = 0;
  for (const { method, path } of routeTable()) {
    const tokens = path.match(PARAM) ?? [];
    for (const [i, token] of tokens.entries()) {
      const names = namesOf(token);
      if (!names.some(isIdParamName)) continue;
      let n = 0;
      const url = path.replace(PARAM, (p) => (n++ === i ? 'not-a-uuid' : fine(namesOf(p))));
      walked++;
      let answered = false;
      for (const [who, token] of callers) {
        const res = await t.call({ method: method as 'GET', url, token });
        if (res.statusCode === 401 || res.statusCode === 403) continue;
        answered = true;
        const errors = (method === 'HEAD' ? {} : res.json().errors) as Record<string, string>;
        // The message too: a page opened at a mangled address shows it, with no field to point at.
        const named =
          names.some((name) => errors[name] === MESSAGES.idInvalid) && res.json().message === MESSAGES.idInvalid;
        if (res.statusCode !== 400 || (method !== 'HEAD' && !named))
          problems.push(`${method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        break;
      }
      if (!answered) problems.push(`${method} ${url}: no caller let in`);
    }
  }
  expect(walked).toBeGreaterThan(150);
  expect(problems, problems.join('\n')).toEqual([]);
}, 120_000);

/** Ids sent in a query or a body that said "Invalid value": the same rule and message as a path's. */
const QUERY_AND_BODY: { method: 'GET' | 'PATCH' | 'DELETE' | 'POST'; url: string; payload?: object; field: string }[] =
  [
    {
      method: 'PATCH',
      url: '/api/AdminAccount/user-status',
      payload: { id: 'not-a-uuid', status: 'active' },
      field: 'id',
    },
    {
      method: 'PATCH',
      url: '/api/AdminAccount/set-password-user',
      payload: { id: 'not-a-uuid', password: 'Demo1234!x' },
      field: 'id',
    },
    { method: 'DELETE', url: '/api/User/logs?logId=not-a-uuid', field: 'logId' },
    {
      method: 'PATCH',
      url: '/api/Notification/mark_as_read_notification?notificationId=not-a-uuid',
      field: 'notificationId',
    },
    {
      method: 'PATCH',
      url: '/api/Notification/archived_notification?notificationId=not-a-uuid',
      field: 'notificationId',
    },
    { method: 'PATCH', url: '/api/Payment/default?cardId=not-a-uuid', field: 'cardId' },
    { method: 'DELETE', url: '/api/Payment/card?cardId=not-a-uuid', field: 'cardId' },
    { method: 'GET', url: '/api/Business/business-info?userId=not-a-uuid', field: 'userId' },
    { method: 'GET', url: '/api/Home/dashboard?businessId=not-a-uuid', field: 'businessId' },
    { method: 'POST', url: '/api/crmmanagement/team/resend', payload: { memberId: 'not-a-uuid' }, field: 'memberId' },
  ];

it.each(QUERY_AND_BODY)('answers a malformed $field in $method $url with "This id is not valid"', async (c) => {
  for (const [who, token] of callers) {
    const res = await t.call({ method: c.method, url: c.url, token, ...(c.payload ? { payload: c.payload } : {}) });
    if (res.statusCode === 401 || res.statusCode === 403) continue;
    expect(res.statusCode, `${who}: ${res.body}`).toBe(400);
    expect(res.json().errors[c.field], `${who}: ${res.body}`).toBe(MESSAGES.idInvalid);
    return;
  }
  expect.fail('no caller let in');
});

/**
 * A malformed record id in a request body: every body field that holds a record id (`id`, `…Id`,
 * a list `ids` / `…Ids`, or a field typed uuid such as a service ticket's `customer`, at any
 * depth) answers 400 naming that field with the one message, "This id is not valid" (idInvalid,
 * the shared recordIdSchema of src/domain/schemas/record-id.ts), as a path's id does
 * (tests/api/id-params.test.ts). Not "Invalid value", not a lookup's "does not exist", not a 404,
 * never a 500. The bodies come from the server's own OpenAPI document (generated from the routes'
 * zod schemas), so a body field added later is walked too. Each route is called by the first
 * caller its access rule lets in; the body holds only the field under test, and the ids beside it
 * are well-formed (a route that looks the record of its path or its body's `id` up first may
 * answer that unknown record's 404).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { isIdParamName } from '../../src/domain/schemas/record-id';
import { createTestApp, everyCaller, type TestApp } from './helpers/app';
import type { Operation, Schema } from './helpers/openapi-schema';

let t: TestApp;
let callers: [string, string | undefined][];

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  callers = await everyCaller(t);
}, 60_000);
afterAll(() => t?.close());

/**
 * Body fields named like ids that are not record ids: a venue layout's own element ids (a
 * table, a bar, a wall; short keys the layout editor makes), a Facebook page's number, a
 * passkey's credential id (base64url from the authenticator).
 */
const NOT_RECORD_IDS = [
  /^PUT \/api\/Club\/venues\/\{venueId\}\/layout layout\./,
  /\/reservations(\/\{id\})? tableIds$/,
  /^POST \/api\/Facebook\/page pageId$/,
  /^POST \/api\/Passkey\/\w+ \w+RawResponse\.(raw)?[iI]d$/,
];

/** Lists a route reads as one and names by one field: the notifications' `ids` and `notificationIds`. */
const SAME_LIST: Record<string, string> = { notificationIds: 'ids' };

/** An id-holding name: `id`, `…Id`, or a list of them, `ids` / `…Ids` (else a field typed uuid: a record's `customer`). */
const idName = (name: string) => isIdParamName(name) || name === 'ids' || /^[a-z][A-Za-z0-9]*Ids$/.test(name);
const isList = (name: string) => name === 'ids' || name.endsWith('Ids');

/** Each id field in a body schema: its path (`items.0.id`) and a body holding only it, malformed. */
function idFields(schema: Schema, path: string[] = []): { key: string; body: object }[] {
  const found: { key: string; body: object }[] = [];
  for (const each of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...idFields(each, path));
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const items = field.items ?? field.anyOf?.find((s) => s.items)?.items ?? field.oneOf?.find((s) => s.items)?.items;
    const list = isList(name) || (field.type === 'array' && items?.format === 'uuid');
    if (idName(name) || field.format === 'uuid' || list)
      found.push({ key: [...path, name].join('.'), body: nest([...path, name], list) });
    if (field.properties || field.anyOf || field.oneOf)
      found.push(...idFields({ ...field, items: undefined }, [...path, name]));
    if (items?.properties) found.push(...idFields(items, [...path, name, '0']));
  }
  return found;
}

/** `['items', '0', 'id']` → `{ items: [{ id: 'not-a-uuid' }] }`. */
function nest(path: string[], list: boolean): object {
  let value: unknown = list ? ['not-a-uuid'] : 'not-a-uuid';
  for (let i = path.length - 1; i >= 0; i--) value = /^\d+$/.test(path[i]!) ? [value] : { [path[i]!]: value };
  return value as object;
}

it('answers a malformed id in any body field with 400 "This id is not valid", as the first caller let in', async () => {
  const doc = (await t.call({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const problems: string[] = [];
  const walked: string[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const url = route.replace(/\{(\w+)\}/g, (_, name: string) => (isIdParamName(name) ? randomUUID() : 'walk'));
      const seen = new Set<string>();
      for (const { key, body } of idFields(schema)) {
        const name = `${method.toUpperCase()} ${route} ${key}`;
        if (seen.has(key) || NOT_RECORD_IDS.some((re) => re.test(name))) continue;
        seen.add(key);
        walked.push(name);
        // An update that carries its record's id in the body (PUT /api/Business/customers) gets a well-formed one.
        const withId = key !== 'id' && 'id' in (schema.properties ?? {});
        const payload = withId ? { id: randomUUID(), ...body } : body;
        let answered = false;
        for (const [who, token] of callers) {
          const res = await t.call({ method: method.toUpperCase() as 'POST', url, token, payload });
          if (res.statusCode === 401 || res.statusCode === 403) continue;
          answered = true;
          // A record named in the path or the body's `id` is looked up first: its (well-formed, unknown) id may answer 404.
          if (res.statusCode === 404 && (/\{\w*[iI]d\}/.test(route) || withId)) break;
          const errors = (res.json().errors ?? {}) as Record<string, string>;
          const named = [key, `${key}.0`, ...(SAME_LIST[key] ? [SAME_LIST[key]] : [])].map((k) => errors[k]);
          if (res.statusCode !== 400 || !named.includes(MESSAGES.idInvalid))
            problems.push(`${name} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          break;
        }
        if (!answered) problems.push(`${name}: no caller let in`);
      }
    }
  }
  // Events, files, documents, campaigns, deliveries and reports, the CRM's records, team, chat,
  // notifications, payments, bookings, the door, bulk actions…
  expect(walked.length).toBeGreaterThan(80);
  expect(problems, problems.join('\n')).toEqual([]);
}, 120_000);

/**
 * Every operation the served OpenAPI document lists, called as every demo role and signed out,
 * with hostile values in each declared path parameter, query parameter and body property
 * (nested ones too), non-object and empty bodies, and multipart text fields where the document
 * says multipart. No answer may be a 5xx or carry a stack trace or a source path, every error
 * answer must have the contract's `{ message, errors }` shape, and a NUL or a 100,000-character
 * string must be refused with its field named. The document drives it, so routes added later
 * are walked too. A caller the route refuses up front (401/403 to a plausible request) gets a
 * short list, each value in every field at once; a caller it serves gets one request per field
 * and value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts';
import { matchMessage } from '../../src/domain/messages';
import { isIdParamName } from '../../src/domain/schemas/record-id';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';
import { plausible, propertyPaths, schemaAt, type Operation, type Schema } from './helpers/openapi-schema';

interface Case {
  role: string;
  token: string | undefined;
  method: string;
  path: string;
  what: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /**
   * A value no route may take went into this field (NUL, 100,000 characters): the answer must
   * refuse it, naming the field unless the router refused the URL before any route ran.
   */
  refuse?: { field: string; named: boolean };
}

/** A well-formed record id that names no row. */
const WALK_ID = '00000000-0000-4000-8000-00000000a1c0';
const NUL = 'walk\u0000nul';
const LONG = 'x'.repeat(100_000);
/** What may go into any field (JSON), each in every field at once for a caller refused up front. */
const HOSTILE_JSON: [string, unknown][] = [
  ['NUL', NUL],
  ['100,000 characters', LONG],
  ['number', 12345],
  ['text', 'not-a-number'],
  ['object', { a: 1 }],
  ['array', [1, 'two']],
  ['null', null],
  ['boolean', true],
  ['negative', -1],
  ['huge', 1e300],
  ['beyond int64', 2 ** 64],
  ['invalid uuid', 'not-a-uuid'],
  ['invalid email', 'not-an-email@'],
  ['invalid date', '2024-13-45T99:99:99Z'],
  ['empty', ''],
];
const pick = (...labels: string[]) => HOSTILE_JSON.filter(([label]) => labels.includes(label));
/** The values that mean something for a field of this schema: its wrong types, bounds and formats. */
function hostileFor(schema: Schema | undefined): [string, unknown][] {
  const alt = schema?.anyOf ?? schema?.oneOf;
  const one = alt?.length ? alt[0] : schema;
  const type = Array.isArray(one?.type) ? one.type.find((t) => t !== 'null') : one?.type;
  const always = pick('NUL', 'object', 'array', 'null');
  if (type === 'integer' || type === 'number') return [...always, ...pick('text', 'negative', 'huge', 'beyond int64')];
  if (type === 'boolean') return [...always, ...pick('text', 'number')];
  if (type === 'array' || type === 'object') return [...always, ...pick('text', 'number', '100,000 characters')];
  const format = one?.format;
  const invalid =
    format === 'uuid'
      ? pick('invalid uuid')
      : format === 'email'
        ? pick('invalid email')
        : format === 'date' || format === 'date-time'
          ? pick('invalid date')
          : [];
  return [...always, ...pick('100,000 characters', 'number', 'empty'), ...invalid];
}
/** What goes into one path or query parameter (as sent in the URL). */
const HOSTILE_URL: [string, string][] = [
  ['NUL', '%00'],
  ['100,000 characters', LONG],
  ['text', 'not-a-number'],
  ['negative', '-1'],
  ['huge', '1e300'],
  ['beyond int64', '99999999999999999999999'],
  ['invalid uuid', 'not-a-uuid'],
  ['invalid date', '2024-13-45'],
  ['empty', ''],
  ['bad escape', '%E0%A4%A'],
];
/** The router decodes path parameters itself: what it may choke on. */
const HOSTILE_PATH: [string, string][] = [
  ...HOSTILE_URL,
  ['NUL inside', 'a%00b'],
  ['lone surrogate', '%ED%A0%80'],
  ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
];
const NON_OBJECT_BODIES = ['[]', '[1,2]', '"text"', '42', 'true', 'null'];
/** Operations that end the caller's session on success; walked signed out only. */
const ENDS_SESSION = new Set(['POST /api/User/logout']);

/**
 * Failures the walk finds in routes being fixed elsewhere, each with why. The requests are still
 * sent and every other answer still checked; an entry that stops matching fails the test, so the
 * list shrinks as routes are fixed instead of hiding anything.
 */
const KNOWN_FAILURES: { pattern: RegExp; why: string }[] = [];

function valueAt(target: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined,
    target,
  );
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(target) ?? {};
  let node = root as Record<string | number, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  });
  return root;
}

function urlOf(path: string, pathValues: Record<string, string>, query: Record<string, string>): string {
  const filled = path.replace(/{(\w+)}/g, (_, name: string) => pathValues[name] ?? 'walk');
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * The hostile requests for one operation and one caller: one per field and value (`full`), or,
 * for a caller the route refuses before reading any input, each value in every field at once.
 */
function casesFor(
  method: string,
  path: string,
  op: Operation,
  role: string,
  token: string | undefined,
  full: boolean,
): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  // A record id in a path is checked before the body (server/http/id-params.ts): a well-formed one,
  // so that a hostile body field is the one refused.
  const pathValues = Object.fromEntries(
    pathParams.map((p) => [
      p.name,
      encodeURIComponent(String(isIdParamName(p.name) ? WALK_ID : plausible(p.schema, p.name))),
    ]),
  );
  const requiredQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, p.name)))]),
  );
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const multipartSchema = content['multipart/form-data']?.schema;
  const baseBody = jsonSchema ? plausible(jsonSchema) : undefined;
  const base = { role, token, method, path };
  const json = (body: unknown) => ({
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const cases: Case[] = [];

  const bodyFor = baseBody === undefined ? {} : json(baseBody);
  if (!full) {
    const everyParam = (value: string) => Object.fromEntries(pathParams.map((p) => [p.name, value]));
    const everyQuery = (value: string) => Object.fromEntries(queryParams.map((p) => [p.name, value]));
    // The access check runs before any input is read: a few kinds show it does so for all of them.
    for (const [label, value] of HOSTILE_URL.filter(([l]) => ['NUL', '100,000 characters', 'bad escape'].includes(l))) {
      cases.push({
        ...base,
        what: `every parameter = ${label}`,
        url: urlOf(path, everyParam(value), everyQuery(value)),
      });
    }
    if (jsonSchema) {
      const fields = propertyPaths(jsonSchema);
      for (const [label, value] of pick('NUL', '100,000 characters', 'number', 'object', 'null')) {
        const body = fields.reduce<unknown>((b, f) => setAt(b, f, value), baseBody);
        cases.push({
          ...base,
          what: `every body field = ${label}`,
          url: urlOf(path, pathValues, requiredQuery),
          ...json(body),
        });
      }
    }
    return cases;
  }
  cases.push({ ...base, what: 'plausible request', url: urlOf(path, pathValues, requiredQuery), ...bodyFor });
  for (const p of pathParams) {
    for (const [label, value] of HOSTILE_PATH) {
      cases.push({
        ...base,
        what: `path ${p.name} = ${label}`,
        url: urlOf(path, { ...pathValues, [p.name]: value }, requiredQuery),
        ...bodyFor,
        ...refusal(label, p.name, label.startsWith('NUL')),
      });
    }
  }
  for (const p of queryParams) {
    for (const [label, value] of HOSTILE_URL) {
      cases.push({
        ...base,
        what: `query ${p.name} = ${label}`,
        url: urlOf(path, pathValues, { ...requiredQuery, [p.name]: value }),
        ...bodyFor,
        ...refusal(label, p.name, true),
      });
    }
    cases.push({
      ...base,
      what: `query ${p.name} repeated`,
      url: `${urlOf(path, pathValues, { ...requiredQuery, [p.name]: 'a' })}&${encodeURIComponent(p.name)}=b`,
      ...bodyFor,
    });
  }
  const url = urlOf(path, pathValues, requiredQuery);
  if (jsonSchema) {
    // A nullable object the base body leaves null is walked as a whole (its own path), not field
    // by field: a field set inside it would stand among invented neighbours that fail first.
    const underNull = (field: (string | number)[]) =>
      field.some((_, i) => i > 0 && valueAt(baseBody, field.slice(0, i)) === null);
    for (const field of propertyPaths(jsonSchema).filter((f) => !underNull(f))) {
      for (const [label, value] of hostileFor(schemaAt(jsonSchema, field))) {
        cases.push({
          ...base,
          what: `body ${field.join('.')} = ${label}`,
          url,
          ...json(setAt(baseBody, field, value)),
          ...refusal(label, field.join('.'), true),
        });
      }
    }
    cases.push({ ...base, what: 'body 1e400', url, ...json({ n: 0 }), payload: '{"n":1e400}' });
  }
  if (method !== 'GET' && method !== 'DELETE') {
    cases.push({ ...base, what: 'no body', url });
    cases.push({ ...base, what: 'empty object body', url, ...json({}) });
    for (const raw of NON_OBJECT_BODIES) {
      cases.push({ ...base, what: `body ${raw}`, url, payload: raw, headers: { 'content-type': 'application/json' } });
    }
  }
  if (multipartSchema) {
    const fields = Object.fromEntries(
      Object.entries(multipartSchema.properties ?? {}).map(([k, s]) => [k, String(plausible(s, k))]),
    );
    for (const name of Object.keys(fields)) {
      for (const [label, value] of [
        ['NUL', NUL],
        ['100,000 characters', LONG],
        ['text', 'not-a-number'],
        ['empty', ''],
      ] as const) {
        cases.push({
          ...base,
          what: `multipart ${name} = ${label}`,
          url,
          ...multipartBody({ ...fields, [name]: value }),
          ...refusal(label, name, true),
        });
      }
    }
  }
  return cases;
}

/** The refusal a hostile value must meet, if it is one no route may take. */
function refusal(label: string, field: string, named: boolean): Pick<Case, 'refuse'> {
  return label.startsWith('NUL') || label === '100,000 characters' ? { refuse: { field, named } } : {};
}

/** What is wrong with one answer, or null. */
function problem(c: Case, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const body = res.body;
  if (/\n\s+at .+[(:]/.test(body) || /\/server\/|\/src\/|\.ts:\d|node_modules/.test(body)) return 'stack trace';
  let parsed: unknown;
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  if (isJson && body) {
    try {
      parsed = JSON.parse(body);
    } catch {
      return 'unparseable JSON';
    }
  }
  // The contract holds for every error answer, 400 above all.
  if (res.statusCode >= 400) {
    const shaped =
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { message?: unknown }).message === 'string' &&
      typeof (parsed as { errors?: unknown }).errors === 'object' &&
      (parsed as { errors?: unknown }).errors !== null &&
      Object.values((parsed as { errors: object }).errors).every((v) => typeof v === 'string');
    if (!shaped) return `${res.statusCode} without the contract shape: ${body.slice(0, 120)}`;
    // A refusal of input says the app's own words (shown in the reader's language), not zod's or Fastify's.
    if (res.statusCode === 400) {
      const { message, errors } = parsed as { message: string; errors: Record<string, string> };
      const foreign = [message, ...Object.values(errors)].find((text) => !matchMessage(text));
      if (foreign !== undefined) return `400 not in the app's words: ${JSON.stringify(foreign).slice(0, 120)}`;
    }
  }
  if (c.refuse) {
    if (res.statusCode < 400) return `accepted (${res.statusCode})`;
    const errors = (parsed as { errors?: Record<string, string> } | undefined)?.errors ?? {};
    // Signed out or another role's route: refused before the input is read, which is right.
    const before = [401, 403, 404, 405, 413, 415, 429].includes(res.statusCode);
    if (c.refuse.named && !before && !(c.refuse.field in errors)) {
      return `refused without naming ${c.refuse.field}: ${body.slice(0, 160)}`;
    }
  }
  return null;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
const tokens = new Map<string, string | undefined>();
let operations: { path: string; method: string; op: Operation }[] = [];
/** What every part of the walk found, for the known-failures check at the end. */
const failures: string[] = [];
let sent = 0;
let cpu: NodeJS.CpuUsage | undefined;
let started = 0;

/**
 * The walk is cut into parts of the document's operations, in the document's order, each its own
 * test with its own time limit (one test of ~55,000 requests came close to 300 s under load).
 * Together they send exactly the requests the single test sent, in the same order.
 */
const PARTS = 8;

beforeAll(async () => {
  // Rate limits would answer 429 before most of the input is read; the walk wants the input read.
  t = await createTestApp({ rateLimit: { enabled: false } });
  doc = (await t.call({ method: 'GET', url: '/docs/json' })).json();
  tokens.set('signed out', undefined);
  for (const account of DEMO_ACCOUNTS) tokens.set(account.role, (await t.login(account.email)).access);
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  started = Date.now();
  cpu = process.cpuUsage();
}, 60_000);
afterAll(() => t?.close());

/** Sends one request and records what is wrong with its answer into `into` (and `failures`). */
async function send(c: Case, into: string[]): Promise<LightMyRequestResponse | null> {
  sent++;
  const fail = (what: string) => {
    into.push(what);
    failures.push(what);
  };
  try {
    const res = await t.call({
      method: c.method as 'GET',
      url: c.url,
      token: c.token,
      headers: c.headers,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    const found = problem(c, res);
    if (found) fail(`${c.method} ${c.path} as ${c.role}, ${c.what}: ${found}`);
    return res;
  } catch (error) {
    fail(`${c.method} ${c.path} as ${c.role}, ${c.what}: no answer (${(error as Error).message})`);
    return null;
  }
}

/** One caller's requests to one operation, in order; callers run side by side. */
async function walk(method: string, path: string, op: Operation, role: string, into: string[]) {
  const token = tokens.get(role);
  if (token && ENDS_SESSION.has(`${method} ${path}`)) return;
  const [first, ...rest] = casesFor(method, path, op, role, token, true);
  const firstRes = await send(first!, into);
  // Refused before any input is read (signed out, another role's route): the short list.
  const refused = firstRes?.statusCode === 401 || firstRes?.statusCode === 403;
  let signedOut = firstRes?.statusCode === 401;
  for (const c of refused ? casesFor(method, path, op, role, token, false) : rest) {
    if ((await send(c, into))?.statusCode === 401) signedOut = true;
  }
  if (token && signedOut) {
    // A call that ended the session (none should): sign in again and say so.
    const me = await t.call({ method: 'GET', url: '/api/User/me', token });
    if (me.statusCode === 401) {
      into.push(`${method} ${path} as ${role}: the session ended`);
      failures.push(`${method} ${path} as ${role}: the session ended`);
      const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
      tokens.set(role, (await t.login(account.email)).access);
    }
  }
}

const unexpectedIn = (found: string[]) => found.filter((f) => !KNOWN_FAILURES.some((k) => k.pattern.test(f)));

describe('the OpenAPI walk', () => {
  it('finds the document listing every operation', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it.each(Array.from({ length: PARTS }, (_, i) => i))(
    'answers every hostile request to part %i of the operations, as every role, without a 5xx or a stack trace',
    async (part) => {
      const size = Math.ceil(operations.length / PARTS);
      const found: string[] = [];
      for (const { path, method, op } of operations.slice(part * size, (part + 1) * size)) {
        await Promise.all([...tokens.keys()].map((role) => walk(method, path, op, role, found)));
      }
      const unexpected = unexpectedIn(found);
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    },
    300_000,
  );

  it('answers every operation with all its path parameters a bare %00, as ADMIN and signed out', async () => {
    const found: string[] = [];
    for (const { path, method } of operations.filter((o) => o.path.includes('{'))) {
      for (const role of ['ADMIN', 'signed out']) {
        const url = path.replace(/{\w+}/g, '%00');
        await send({ role, token: tokens.get(role), method, path, what: 'every path parameter %00', url }, found);
      }
    }
    const unexpected = unexpectedIn(found);
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  }, 300_000);

  it('still meets every known failure, and sent the whole walk', () => {
    const used = process.cpuUsage(cpu);
    const cpuMs = Math.round((used.user + used.system) / 1000);
    console.info(
      `OpenAPI walk: ${operations.length} operations, ${sent} requests, ${Date.now() - started} ms (${cpuMs} ms CPU)`,
    );
    const fixed = KNOWN_FAILURES.filter((k) => !failures.some((f) => k.pattern.test(f))).map((k) => k.why);
    expect(fixed, 'known failures that no longer happen: remove them from KNOWN_FAILURES').toEqual([]);
  });
});

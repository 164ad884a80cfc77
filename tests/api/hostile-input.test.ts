import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { registerErrorHandler } from '../../server/http/error-handler';
import { registerValidation } from '../../server/http/validation';
import { DEFAULT_MAX_STRING, declaredMaxLength, hostileText } from '../../server/http/hostile-input';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const NOT_ALLOWED = MESSAGES.characterNotAllowed;
const tooLong = (max: number) => `Must be at most ${max} characters long`;

/** The mechanism alone, on routes written every way a route can be written. */
let app: FastifyInstance;
/** What each handler received: a refused request must never get here. */
const reached: string[] = [];
beforeAll(async () => {
  app = Fastify({ logger: false, onProtoPoisoning: 'error' });
  registerErrorHandler(app);
  registerValidation(app);
  const echo = (name: string) => async (request: { body?: unknown; query?: unknown; params?: unknown }) => {
    reached.push(name);
    return { body: request.body ?? null, query: request.query, params: request.params };
  };
  app.get('/plain/:id', echo('plain-get'));
  app.post('/plain', echo('plain-post'));
  app.post(
    '/schema',
    {
      schema: {
        body: z.object({
          short: z.string().max(5, MESSAGES.nameTooLong).optional(),
          long: z.string().trim().max(50_000).optional(),
          free: z.string().optional(),
          choice: z.enum(['a', 'b']).optional(),
          nested: z.object({ deep: z.array(z.object({ text: z.string() })) }).optional(),
        }),
      },
    },
    echo('schema'),
  );
  app.post('/list', { schema: { body: z.array(z.string()) } }, echo('list'));
  app.post('/long-text', { config: { maxStringLength: 100_000 } }, echo('long-text'));
  // The ways a route reads multipart: parts() (profile), file() (CSV import), fields on the body.
  await app.register(async (scope) => {
    await scope.register(multipart);
    scope.post('/parts', async (request) => {
      const fields: Record<string, unknown> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = part.value;
        else await part.toBuffer();
      }
      reached.push('parts');
      return { fields };
    });
    scope.post('/files', async (request) => {
      let count = 0;
      for await (const file of request.files()) {
        await file.toBuffer();
        count++;
      }
      reached.push('files');
      return { count };
    });
    scope.post('/file', async (request) => {
      const file = await request.file();
      const text = file ? (await file.toBuffer()).toString('utf8') : null;
      reached.push('file');
      return { text };
    });
  });
  await app.register(async (scope) => {
    await scope.register(multipart, { attachFieldsToBody: 'keyValues' });
    scope.post('/attached', echo('attached'));
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

function expectRefused(res: { statusCode: number; json(): unknown }, errors: Record<string, string>) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: MESSAGES.invalidInput, errors });
}

describe('strings PostgreSQL cannot store', () => {
  it('refuses a NUL in the query, a path parameter and a body, naming the field', async () => {
    reached.length = 0;
    expectRefused(await app.inject({ method: 'GET', url: '/plain/1?q=a%00b' }), { q: NOT_ALLOWED });
    expectRefused(await app.inject({ method: 'GET', url: '/plain/a%00' }), { id: NOT_ALLOWED });
    expectRefused(await app.inject({ method: 'GET', url: '/plain/1?tags=ok&tags=%00' }), { 'tags.1': NOT_ALLOWED });
    expectRefused(await post('/plain', { name: 'a\u0000' }), { name: NOT_ALLOWED });
    expect(reached).toEqual([]);
  });

  it('walks nested objects and arrays, and checks keys too', async () => {
    expectRefused(await post('/plain', { a: { b: [{ c: 'ok' }, { c: 'x\u0000y' }] } }), { 'a.b.1.c': NOT_ALLOWED });
    expectRefused(await post('/schema', { nested: { deep: [{ text: '\u0000' }] } }), {
      'nested.deep.0.text': NOT_ALLOWED,
    });
    expectRefused(await post('/plain', { a: { 'k\u0000': 1 } }), { 'a.k\ufffd': NOT_ALLOWED });
    // Every bad field is named at once.
    expectRefused(await post('/plain', { one: '\u0000', two: ['\u0000'] }), { one: NOT_ALLOWED, 'two.0': NOT_ALLOWED });
    expect(reached).toEqual([]);
  });

  it('refuses lone UTF-16 surrogates (jsonb refuses them, text would store U+FFFD) and keeps real pairs', async () => {
    expectRefused(await post('/plain', { name: 'a\ud800' }), { name: NOT_ALLOWED });
    expectRefused(await post('/plain', { name: '\udc00b' }), { name: NOT_ALLOWED });
    const emoji = await post('/plain', { name: 'ok 😀 ñ 中' });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().body).toEqual({ name: 'ok 😀 ñ 中' });
  });

  it('refuses a NUL in multipart text fields however the route reads them', async () => {
    reached.length = 0;
    const parts = await app.inject({ method: 'POST', url: '/parts', ...multipartBody({ firstName: 'Uma\u0000' }) });
    expectRefused(parts, { firstName: NOT_ALLOWED });
    const beforeFile = await app.inject({
      method: 'POST',
      url: '/file',
      ...multipartBody({ note: '\u0000' }, [
        { name: 'file', filename: 'a.csv', type: 'text/csv', bytes: Buffer.from('a') },
      ]),
    });
    expectRefused(beforeFile, { note: NOT_ALLOWED });
    const betweenFiles = await app.inject({
      method: 'POST',
      url: '/files',
      ...multipartBody({ caption: 'x'.repeat(DEFAULT_MAX_STRING + 1) }, [
        { name: 'file', filename: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') },
      ]),
    });
    expectRefused(betweenFiles, { caption: tooLong(DEFAULT_MAX_STRING) });
    const attached = await app.inject({
      method: 'POST',
      url: '/attached',
      ...multipartBody({ ids: ['ok', 'x\u0000'] }),
    });
    expectRefused(attached, { ids: NOT_ALLOWED });
    expect(reached).toEqual([]);

    const fine = await app.inject({ method: 'POST', url: '/parts', ...multipartBody({ firstName: 'Uma' }) });
    expect(fine.json()).toEqual({ fields: { firstName: 'Uma' } });
    // File bytes are the route's to judge (a picture holds NULs); text read from a file is checked with hostileText.
    const binary = await app.inject({
      method: 'POST',
      url: '/file',
      ...multipartBody({}, [
        { name: 'file', filename: 'a.bin', type: 'application/octet-stream', bytes: Buffer.from([0, 1]) },
      ]),
    });
    expect(binary.statusCode).toBe(200);
    expect(hostileText('a,b\n\u0000,c', undefined)).toBe(NOT_ALLOWED);
    expect(hostileText('a,b\n1,c', undefined)).toBeNull();
  });
});

describe('over-long values', () => {
  it(`caps a string without its own maximum at ${DEFAULT_MAX_STRING} characters, naming the field`, async () => {
    const atCap = await post('/plain', { text: 'x'.repeat(DEFAULT_MAX_STRING) });
    expect(atCap.statusCode).toBe(200);
    expectRefused(await post('/plain', { text: 'x'.repeat(DEFAULT_MAX_STRING + 1) }), {
      text: tooLong(DEFAULT_MAX_STRING),
    });
    expectRefused(await app.inject({ method: 'GET', url: `/plain/1?q=${'y'.repeat(100_000)}` }), {
      q: tooLong(DEFAULT_MAX_STRING),
    });
    expectRefused(await post('/schema', { free: 'z'.repeat(100_000) }), { free: tooLong(DEFAULT_MAX_STRING) });
    expectRefused(await app.inject({ method: 'POST', url: '/parts', ...multipartBody({ bio: 'b'.repeat(20_000) }) }), {
      bio: tooLong(DEFAULT_MAX_STRING),
    });
  });

  it("leaves a field with a declared maximum to its schema, above or below the cap, with the schema's message", async () => {
    const long = await post('/schema', { long: 'l'.repeat(40_000) });
    expect(long.statusCode).toBe(200);
    expectRefused(await post('/schema', { long: 'l'.repeat(50_001) }), { long: tooLong(50_000) });
    // Under the cap, the schema speaks with its own message, not the hook.
    const over = await post('/schema', { short: 'ssssss' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ short: MESSAGES.nameTooLong });
    const short = await post('/schema', { short: 's'.repeat(100_000) });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.short).toMatch(/5/);
    const choice = await post('/schema', { choice: 'c'.repeat(100_000) });
    expect(choice.statusCode).toBe(400);
    expect(Object.keys(choice.json().errors)).toEqual(['choice']);
  });

  it('lets a route raise the cap through its config', async () => {
    expect((await post('/long-text', { markdown: 'm'.repeat(90_000) })).statusCode).toBe(200);
    expectRefused(await post('/long-text', { markdown: 'm'.repeat(100_001) }), { markdown: tooLong(100_000) });
  });

  it('reads declared maxima from zod (classic and mini) and JSON schemas', () => {
    const classic = z.object({ a: z.string().max(7).optional(), b: z.array(z.string().length(3)).nullable() });
    expect(declaredMaxLength(classic, ['a'])).toBe(7);
    expect(declaredMaxLength(classic, ['b', 0])).toBe(3);
    expect(declaredMaxLength(classic, ['c'])).toBeUndefined();
    const mini = zm.object({ a: zm.string().check(zm.maxLength(9)) });
    expect(declaredMaxLength(mini, ['a'])).toBe(9);
    expect(declaredMaxLength(z.union([z.string().max(3), z.string().max(8)]), [])).toBe(8);
    expect(declaredMaxLength(z.union([z.string().max(3), z.string()]), [])).toBeUndefined();
    expect(declaredMaxLength({ type: 'object', properties: { n: { type: 'string', maxLength: 4 } } }, ['n'])).toBe(4);
  });
});

describe('wrong shapes', () => {
  it('refuses a JSON body that is not an object, with or without a schema', async () => {
    for (const url of ['/plain', '/schema', '/long-text']) {
      for (const payload of ['[1,2]', '42', 'true', 'null', '"text"']) {
        const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
        // A bare JSON string reaches a route without a schema as its raw text (webhooks); see the walk test.
        if (url !== '/schema' && payload === '"text"') continue;
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json(), `${url} ${payload}`).toEqual({
          message: MESSAGES.invalidInput,
          errors: { _: MESSAGES.invalidInput },
        });
      }
    }
  });

  it('lets a route whose schema declares a list take one (still checked inside)', async () => {
    expect((await post('/list', ['a', 'b'])).statusCode).toBe(200);
    expectRefused(await post('/list', ['a', '\u0000']), { 1: NOT_ALLOWED });
  });

  it('refuses numbers JSON cannot carry and nesting deeper than any form', async () => {
    const huge = await app.inject({
      method: 'POST',
      url: '/plain',
      headers: { 'content-type': 'application/json' },
      payload: '{"n": 1e400}',
    });
    expectRefused(huge, { n: MESSAGES.mustBeNumber });
    const deep = await app.inject({
      method: 'POST',
      url: '/plain',
      headers: { 'content-type': 'application/json' },
      payload: `{"v":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(Object.values(deep.json().errors)).toEqual([MESSAGES.invalidValue]);
  });
});

/** The two routes the database used to answer with a 500. */
describe('on the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('PUT /api/Business/company-name with a NUL answers 400 naming companyName, and the name is unchanged', async () => {
    const { access } = await t.login('clubowner@demo.test');
    const res = await t.call({
      method: 'PUT',
      url: '/api/Business/company-name',
      token: access,
      payload: { companyName: 'Blue\u0000Note' },
    });
    expectRefused(res, { companyName: NOT_ALLOWED });
    const info = await t.call({ method: 'GET', url: '/api/Business/business-info', token: access });
    expect(info.json().result.companyName).toBe('Blue Note Club');
  });

  it('PUT /api/User/preferences/{key} with a NUL in the value, a nested value or the key answers 400 naming it', async () => {
    const { access } = await t.login('user@demo.test');
    const put = (key: string, value: unknown) =>
      t.call({ method: 'PUT', url: `/api/User/preferences/${key}`, token: access, payload: { value } });
    expectRefused(await put('columns.contacts', 'a\u0000'), { value: NOT_ALLOWED });
    expectRefused(await put('columns.contacts', { hidden: ['email', 'x\u0000'] }), { 'value.hidden.1': NOT_ALLOWED });
    expectRefused(await put('columns.contacts', { ['k\u0000']: true }), { 'value.k\ufffd': NOT_ALLOWED });
    expectRefused(await put('columns.contacts', ['\ud800']), { 'value.0': NOT_ALLOWED });
    expectRefused(await put('a%00', 'x'), { key: NOT_ALLOWED });
    // null reads back as "unset": it is refused naming the value, not left to the NOT NULL column.
    expectRefused(await put('columns.contacts', null), { value: MESSAGES.invalidValue });
    const saved = await put('columns.contacts', { hidden: ['email'] });
    expect(saved.statusCode).toBe(200);
  });

  // Cells come from the file, not from request fields: the import checks them itself, and a bad
  // row is skipped with its line and column like any other invalid row.
  it('a CSV import skips a row with a NUL in a cell, naming its line and column, and imports the rest', async () => {
    const { access } = await t.login('admin@demo.test');
    const csv = Buffer.from('name,industry\nNul\u0000 Industries,retail\nFine Co,retail\n');
    const res = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/companies/import?confirm=true',
      token: access,
      ...multipartBody({}, [{ name: 'file', filename: 'c.csv', type: 'text/csv', bytes: csv }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      imported: 1,
      skipped: 1,
      invalid: [{ line: 2, field: 'name', message: MESSAGES.characterNotAllowed }],
    });
    const search = (q: string) =>
      t.call({ method: 'GET', url: `/api/crmmanagement/companies?query=${encodeURIComponent(q)}`, token: access });
    expect((await search('Fine Co')).json().result).toHaveLength(1);
    expect((await search('Industries')).json().result).toEqual([]);
  });

  it('PATCH update-profile as multipart with a NUL in a field answers 400 naming it', async () => {
    const { access } = await t.login('user@demo.test');
    const res = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      ...multipartBody({ firstName: 'Uma', lastName: 'Us\u0000er' }),
    });
    expectRefused(res, { lastName: NOT_ALLOWED });
  });
});

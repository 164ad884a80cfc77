/**
 * Answers go out through their route's response schema (server/http/serialization.ts): a column
 * added to a table, and even returned by a route's query, does not reach the client unless the
 * schema lists it. Proved for real on this file's own database copy: a `secret_note` column is
 * added with ALTER TABLE and the queries are made to return it — the resource engine's (a
 * throwaway resource whose selection is widened to the column) and a hand-written route's
 * (online users, each row merged with `select *` of its user: password hash included). Also:
 * the served /docs/json describes a response body for every operation.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { defineResource, type ResourceDeclaration } from '../../src/domain/resources/types';
import type { Db } from '../../server/db/client';
import type * as AdminQueries from '../../server/modules/admin/queries';
import type * as Records from '../../server/resources/records';
import { buildTable, type ResourceTable } from '../../server/resources/table';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

const SECRET = 'leak';

const notes = defineResource({
  name: 'leakyNotes',
  table: { name: 'test_leaky_notes' },
  routes: { list: 'leaky', create: 'leaky/create', edit: 'leaky/:id/edit', show: 'leaky/:id' },
  api: { base: '/api/test/leaky-notes' },
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], update: ['ADMIN'], delete: ['ADMIN'] },
  titleField: 'title',
  fields: {
    title: { type: 'string', required: true, max: 80, sortable: true },
    pinned: { type: 'boolean' },
  },
});

/** Resources whose engine queries return the extra column (the test widens their selection). */
const widened = new Set<string>();
/** What the widened queries returned, so the test can show the column really came back. */
const returnedKeys = new Set<string>();

vi.mock('../../server/resources/records', async (importOriginal) => {
  const real = await importOriginal<typeof Records>();
  return {
    ...real,
    // The engine's SELECT and RETURNING lists, plus the column the declaration never listed.
    selection: (resource: ResourceDeclaration, table: ResourceTable) => {
      const columns = real.selection(resource, table);
      return widened.has(resource.name) ? { ...columns, secretNote: sql<string>`secret_note` } : columns;
    },
    toJson: async (...args: Parameters<typeof real.toJson>) => {
      const rows = await real.toJson(...args);
      if (widened.has(args[1].name)) for (const row of rows) for (const key of Object.keys(row)) returnedKeys.add(key);
      return rows;
    },
  };
});

vi.mock('../../server/modules/admin/queries', async (importOriginal) => {
  const real = await importOriginal<typeof AdminQueries>();
  return {
    ...real,
    // Each online user merged with every column of its users row, as `select *` gives them.
    onlineUsers: async (db: Db, now: number, page: number, perPage: number) => {
      const found = await real.onlineUsers(db, now, page, perPage);
      const rows = await Promise.all(
        found.rows.map(async (row) => {
          const all = await db.execute<Record<string, unknown>>(sql`select * from users where id = ${row.id}`);
          return { ...all.rows[0], ...row };
        }),
      );
      return { ...found, rows };
    },
  };
});

let t: TestApp;
let admin: string;
const base = '/api/test/leaky-notes';

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } }, { extraResources: [notes] });
  const { db } = t.db.database;
  const empty = generateDrizzleJson({});
  const statements = await generateMigration(empty, generateDrizzleJson({ t: buildTable(notes, tableOf) }, empty.id));
  for (const statement of statements) await db.execute(sql.raw(statement));
  // Columns added after the code was written: no declaration, no response schema lists them.
  await db.execute(sql.raw(`alter table test_leaky_notes add column secret_note text default '${SECRET}'`));
  await db.execute(sql.raw(`alter table users add column secret_note text default '${SECRET}'`));
  widened.add(notes.name);
  admin = (await t.login('admin@demo.test')).access;
});
afterAll(() => t.close());

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

function expectNoLeak(body: string) {
  expect(body).not.toContain(SECRET);
  const keys = keysOf(JSON.parse(body));
  for (const key of ['secretNote', 'secret_note', 'passwordHash', 'password_hash', 'searchText', 'search_text'])
    expect(keys.has(key), key).toBe(false);
}

describe('a column the response schema does not list', () => {
  it('is returned by the widened engine query (the premise)', async () => {
    const { db } = t.db.database;
    const { selection } = await import('../../server/resources/records');
    const table = tableOf(notes.name);
    await db.execute(sql.raw(`insert into test_leaky_notes (title) values ('Seed row')`));
    const [row] = await db.select(selection(notes, table)).from(table).limit(1);
    expect(row).toMatchObject({ title: 'Seed row', secretNote: SECRET });
  });

  it('never leaves the engine: list, create, show, update', async () => {
    returnedKeys.clear();
    const created = await t.call({ method: 'POST', url: base, token: admin, payload: { title: 'Mine' } });
    expect(created.statusCode).toBe(200);
    expectNoLeak(created.body);
    const id = created.json().result.id as string;
    expect(created.json().result).toEqual({
      id,
      title: 'Mine',
      pinned: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const list = await t.call({ method: 'GET', url: `${base}?perPage=100`, token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().result.length).toBeGreaterThanOrEqual(2);
    expectNoLeak(list.body);

    const updated = await t.call({ method: 'PATCH', url: `${base}/${id}`, token: admin, payload: { pinned: true } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({ id, pinned: true });
    expectNoLeak(updated.body);

    const shown = await t.call({ method: 'GET', url: `${base}/${id}`, token: admin });
    expect(shown.statusCode).toBe(200);
    expectNoLeak(shown.body);

    // The handlers did hand the column to the serializer; the schema dropped it.
    expect(returnedKeys.has('secretNote')).toBe(true);
  });

  it('never leaves a hand-written route whose query returns every column (online users)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/AdminAccount/online-users', token: admin });
    expect(res.statusCode).toBe(200);
    const rows = res.json().result as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expectNoLeak(res.body);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['email', 'firstName', 'id', 'lastName', 'lastSeenAt', 'roleName', 'sessions'].sort(),
    );
  });

  it('never shows a hidden column of the users table (password hash, search text)', async () => {
    const list = await t.call({ method: 'GET', url: '/api/AdminAccount/users?perPage=100', token: admin });
    expect(list.statusCode).toBe(200);
    expectNoLeak(list.body);
    const id = list.json().result[0].id as string;
    const one = await t.call({ method: 'GET', url: `/api/AdminAccount/user?id=${id}`, token: admin });
    expect(one.statusCode).toBe(200);
    expectNoLeak(one.body);
    const added = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      token: admin,
      payload: { email: 'no-secret@demo.test', role: 'IT', password: 'Str0ng!Passw0rd' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).not.toContain('Str0ng!Passw0rd');
    expectNoLeak(added.body);
  });
});

describe('the served OpenAPI document', () => {
  interface Response {
    content?: Record<string, { schema?: unknown }>;
  }
  type Operation = { responses?: Record<string, Response> };

  it('describes a response body for every operation', async () => {
    const res = await t.call({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
    const operations: string[] = [];
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!methods.has(method)) continue;
        operations.push(`${method.toUpperCase()} ${path}`);
        const successes = Object.entries(operation.responses ?? {}).filter(([code]) => /^[23]\d\d$/.test(code));
        // A 204 or a redirect (its answer is the Location header) has no body by definition; any
        // other success must say what its body is.
        const described = successes.some(
          ([code, r]) =>
            code === '204' ||
            code.startsWith('3') ||
            Object.values(r.content ?? {}).some((c) => c.schema !== undefined),
        );
        if (!described) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations.length).toBeGreaterThan(100);
    expect(missing, `operations without a response body schema:\n${missing.join('\n')}`).toEqual([]);
  });
});

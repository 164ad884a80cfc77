/**
 * The database contract the server's code relies on, proven on both engines (this file runs in
 * the PGlite pass and the PostgreSQL pass): what a value of each column type the schema uses
 * reads back as, the shape of raw `sql` results and counts, the error codes the error handler
 * and the services map (unique and foreign-key violations), transactions that roll back, and
 * concurrent transactions that serialise on a row lock or an advisory lock. PGlite answers
 * through our own worker-thread protocol (server/db/pglite-thread.ts) and PostgreSQL through
 * node-postgres: a difference between the two shows here first, by name.
 */
import { count, eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { QueryOutsideTransactionError } from '../../server/db/transaction-guard';
import { copyTemplate, type TestDatabase } from './helpers/database';

const things = pgTable('driver_contract_things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true }),
  day: date('day', { mode: 'string' }),
  amount: integer('amount'),
  big: bigint('big', { mode: 'number' }),
  ratio: doublePrecision('ratio'),
  flag: boolean('flag'),
  data: jsonb('data'),
  tags: text('tags').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const children = pgTable('driver_contract_children', {
  id: uuid('id').primaryKey().defaultRandom(),
  thingId: uuid('thing_id')
    .notNull()
    .references(() => things.id),
});
const counters = pgTable('driver_contract_counters', {
  id: text('id').primaryKey(),
  value: integer('value').notNull(),
});

let test: TestDatabase;
let db: Db;

beforeAll(async () => {
  test = await copyTemplate();
  db = test.database.db;
  await db.execute(sql`
    create table driver_contract_things (
      id uuid primary key default gen_random_uuid(),
      name text not null unique,
      at timestamptz, day date, amount integer, big bigint, ratio double precision,
      flag boolean, data jsonb, tags text[],
      created_at timestamptz not null default now()
    )`);
  await db.execute(sql`
    create table driver_contract_children (
      id uuid primary key default gen_random_uuid(),
      thing_id uuid not null references driver_contract_things(id)
    )`);
  await db.execute(sql`create table driver_contract_counters (id text primary key, value integer not null)`);
});
afterAll(() => test?.dispose());

/** The error a promise rejects with (drizzle may wrap the driver's error as `cause`). */
async function failure(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return { code: e.code ?? e.cause?.code, constraint: e.constraint ?? e.cause?.constraint };
  }
  throw new Error('expected the statement to fail');
}

describe(`the database driver (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('reads back each column type the schema uses as the same JavaScript value', async () => {
    const at = new Date('2026-11-27T23:30:15.123Z');
    const value = {
      name: 'types — ñ ✓',
      at,
      day: '2026-02-28',
      amount: -2_147_483_648,
      big: 9_007_199_254_740_991,
      ratio: 0.1 + 0.2,
      flag: false,
      data: { nested: { list: [1, 'two', null], text: 'comillas "dobles" y \\ barra' }, empty: {} },
      tags: ['a', 'b c', 'ñ', ''],
    };
    const [inserted] = await db.insert(things).values(value).returning();
    expect(inserted).toMatchObject(value);
    const [read] = await db.select().from(things).where(eq(things.id, inserted!.id));
    expect(read).toMatchObject(value);
    expect(read!.at).toBeInstanceOf(Date);
    expect(read!.at!.getTime()).toBe(at.getTime());
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(read!.id).toMatch(/^[0-9a-f-]{36}$/);

    const [empty] = await db.insert(things).values({ name: 'nulls' }).returning();
    expect(empty).toMatchObject({ at: null, day: null, amount: null, big: null, flag: null, data: null, tags: null });
  });

  it('gives raw results as rows of named columns, and counts as numbers through count()', async () => {
    const raw = await db.execute(sql`select 1::int as one, 'x' as letter, now() as at`);
    expect(raw.rows).toHaveLength(1);
    expect(raw.rows[0]).toMatchObject({ one: 1, letter: 'x' });
    const [{ n }] = (await db.select({ n: count() }).from(things)) as [{ n: number }];
    expect(typeof n).toBe('number');
    // A typed sql<number> fragment is read as the engine sends it: cast in SQL for a number.
    const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(things)) as [{ total: number }];
    expect(total).toBe(n);
  });

  it('names a unique violation 23505 with its constraint, and a missing parent 23503', async () => {
    await db.insert(things).values({ name: 'twice' });
    const unique = await failure(db.insert(things).values({ name: 'twice' }));
    expect(unique.code).toBe('23505');
    expect(unique.constraint).toBe('driver_contract_things_name_key');
    const missing = await failure(db.insert(children).values({ thingId: '00000000-0000-4000-8000-000000000000' }));
    expect(missing.code).toBe('23503');
  });

  it('rolls a transaction back when it throws or asks to, and commits otherwise', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ name: 'thrown away' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db
      .transaction(async (tx) => {
        await tx.insert(things).values({ name: 'rolled back' });
        tx.rollback();
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await tx.insert(things).values({ name: 'kept' });
    });
    const names = (await db.select({ name: things.name }).from(things)).map((r) => r.name);
    expect(names).toContain('kept');
    expect(names).not.toContain('thrown away');
    expect(names).not.toContain('rolled back');
  });

  it('serialises concurrent read-then-write transactions on a row lock and on an advisory lock', async () => {
    await db.insert(counters).values([
      { id: 'row', value: 0 },
      { id: 'advisory', value: 0 },
    ]);
    const bump = (id: string, lock: 'row' | 'advisory') =>
      db.transaction(async (tx) => {
        if (lock === 'advisory') await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${id}))`);
        const query = tx.select().from(counters).where(eq(counters.id, id));
        const [current] = lock === 'row' ? await query.for('update') : await query;
        await tx
          .update(counters)
          .set({ value: current!.value + 1 })
          .where(eq(counters.id, id));
      });
    await Promise.all([
      ...Array.from({ length: 10 }, () => bump('row', 'row')),
      ...Array.from({ length: 10 }, () => bump('advisory', 'advisory')),
    ]);
    const rows = await db.select().from(counters);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.value]))).toEqual({ row: 10, advisory: 10 });
  });

  it('refuses a query or a transaction on the database from inside an open transaction (tx was meant)', async () => {
    // On PGlite this would wait forever for the transaction waiting for it (transaction-guard.ts).
    expect(process.env.DB_STRICT_TRANSACTIONS).toBe('1');
    // Drizzle reports a failed query with the driver's error as its cause.
    const guarded = (err: unknown) =>
      err instanceof QueryOutsideTransactionError ||
      (err as { cause?: unknown } | null)?.cause instanceof QueryOutsideTransactionError;
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'committed',
        (err) => guarded(err),
      );
    expect(
      await outcome(
        db.transaction(async (tx) => {
          await tx.insert(things).values({ name: 'inside' });
          await db.select().from(things);
        }),
      ),
    ).toBe(true);
    expect(
      await outcome(
        db.transaction(async () => {
          await db.transaction(async (inner) => inner.select().from(things));
        }),
      ),
    ).toBe(true);
    // Once the transaction has ended, work it started goes on normally (a live event sent after commit).
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(things).values({ name: 'committed first' });
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.select().from(things));
    });
    await expect(later).resolves.toBeDefined();
    const names = (await db.select({ name: things.name }).from(things)).map((r) => r.name);
    expect(names).not.toContain('inside');
    expect(names).toContain('committed first');
  });
});

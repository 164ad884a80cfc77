/**
 * Test databases. A migrated, seeded template is made once per run (global-setup.ts); each
 * test file gets its own copy: a PGlite opened in memory from the template's tarball, or, with
 * TEST_DATABASE_URL, a PostgreSQL database created from the template database. Why memory: a
 * copied data directory cost seconds per file to copy, reopen and close on a busy machine (the
 * PGlite API pass took 400 s against PostgreSQL's 225 s), and nothing a test does needs the files
 * but handing the database to another process (`onDisk`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../../server/auth/passwords';
import { openDatabase, type Database } from '../../../server/db/client';
import { seedDemoData } from '../../../server/seed/demo';
import { DEMO_PASSWORD } from '../../../server/seed/demo-accounts';

export const TEMPLATE_DB = 'backoffice_test_template';

export const pgUrl = () => process.env.TEST_DATABASE_URL || null;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl()! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The template's demo accounts' password hash: scrypt at n = 1,024 (2 ms) instead of 16,384
 * (54 ms on this machine). The suite ran scrypt about 670 times, mostly sign-ins checking that
 * hash; a sign-in checks at whatever cost the hash names, and hashes the app makes (a changed
 * password, a new account) keep the real cost, which tests/unit/server/auth-primitives.test.ts checks.
 */
const templatePasswordHash = () => hashPassword(DEMO_PASSWORD, { n: 1024, r: 8, p: 1 });

/** Builds the template; returns what test files need to find it. */
export async function createTemplate(): Promise<{ pgliteDir?: string }> {
  const url = pgUrl();
  if (url) {
    await admin(async (c) => {
      await c.query(`drop database if exists ${TEMPLATE_DB}`);
      await c.query(`create database ${TEMPLATE_DB}`);
    });
    const database = await openDatabase({ dataDir: '', databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await seedDemoData(database.db, {
      trialDays: 14,
      samplePayments: false,
      passwordHash: await templatePasswordHash(),
    });
    await database.close();
    return {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'bo-template-'));
  const database = await openDatabase({ dataDir: dir, databaseUrl: null });
  await seedDemoData(database.db, { trialDays: 14, samplePayments: false, passwordHash: await templatePasswordHash() });
  writeFileSync(join(dir, TARBALL), Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  return { pgliteDir: dir };
}

/** The template's tarball, beside its data directory. */
const TARBALL = 'template.tar';

export async function dropTemplate(template: { pgliteDir?: string }) {
  if (template.pgliteDir) rmSync(template.pgliteDir, { recursive: true, force: true });
  else if (pgUrl()) await admin((c) => c.query(`drop database if exists ${TEMPLATE_DB}`));
}

export interface TestDatabase {
  database: Database;
  /** The connection URL (PostgreSQL) or data directory (PGlite) of this copy. */
  location: string;
  dispose(): Promise<void>;
}

/** The template's tarball, read once per test worker. */
let tarball: Uint8Array<ArrayBuffer> | undefined;

/**
 * A private copy of the seeded template for one test file. On PGlite it lives in memory
 * (`location` 'memory://') unless `onDisk`: a directory another process can open.
 */
export async function copyTemplate({ onDisk = false } = {}): Promise<TestDatabase> {
  const url = pgUrl();
  if (url) {
    const name = `backoffice_test_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name} template ${TEMPLATE_DB}`));
    const location = withDatabase(url, name);
    const database = await openDatabase({ dataDir: '', databaseUrl: location });
    return {
      database,
      location,
      async dispose() {
        await database.close();
        await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const source = process.env.BO_TEMPLATE_DIR;
  if (!source) throw new Error('BO_TEMPLATE_DIR is not set: run the api suite through vitest (global-setup.ts).');
  if (!onDisk) {
    tarball ??= new Uint8Array(readFileSync(join(source, TARBALL)));
    const database = await openDatabase({ dataDir: '', databaseUrl: null, loadDataDir: new Blob([tarball]) });
    return { database, location: 'memory://', dispose: () => database.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bo-test-'));
  cpSync(source, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir, databaseUrl: null });
  return {
    database,
    location: dir,
    async dispose() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { findPostgresBin, freePort, startPostgres } from '../../scripts/lib/postgres.mjs';
import { SERVER_ENTRY } from '../../scripts/lib/server-build.mjs';
import { DESKTOP, launch, trackErrors } from './helpers/browser';
import { expectNoPageErrors, signInAs } from './helpers/app';
import {
  createContact,
  deleteShownContact,
  expectSameDocument,
  listedNames,
  markDocument,
  openContacts,
} from './helpers/live';

/**
 * Live lists across server processes, as deployed for scale: one PostgreSQL, two server
 * processes started from the bundle (as `npm start` runs it), one browser session on each. A
 * contact created through process A appears in the list open on process B, carried by
 * LISTEN/NOTIFY; its deletion through A removes it there. The global server of the browser
 * tests is not used.
 */
const HAS_POSTGRES = !!findPostgresBin();
if (!HAS_POSTGRES) {
  console.warn(
    '\n!!! live-two-servers: PostgreSQL binaries not found (apt-get install -y postgresql): ' +
      'the two-process live test is SKIPPED.\n',
  );
}

interface Server {
  url: string;
  stop(): Promise<void>;
}

const cleanup: (() => Promise<unknown> | unknown)[] = [];
let browser: Browser;
let a: Server;
let b: Server;

async function startServer(databaseUrl: string, dataDir: string, name: string): Promise<Server> {
  const port = await freePort();
  const logFile = join(dataDir, `${name}.log`);
  const out = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Shared, as processes sharing a database must share DATA_DIR.
      DATA_DIR: join(dataDir, 'data'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_IP: '500',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const deadline = Date.now() + 60_000;
  while (!(existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Ready in'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`server ${name} did not start:\n${existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

beforeAll(async () => {
  if (!HAS_POSTGRES) return;
  const pg = await startPostgres();
  if (!pg) throw new Error('PostgreSQL did not start');
  cleanup.push(() => pg.stop());
  const dir = mkdtempSync(join(tmpdir(), 'bo-live-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  // A first: it migrates and seeds the empty database; B then finds it ready.
  a = await startServer(pg.url, dir, 'a');
  cleanup.push(() => a.stop());
  b = await startServer(pg.url, dir, 'b');
  cleanup.push(() => b.stop());
  browser = await launch();
  cleanup.push(() => browser.close());
}, 120_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
});

const contextOn = (server: Server): Promise<BrowserContext> =>
  browser.newContext({
    baseURL: server.url,
    viewport: DESKTOP,
    colorScheme: 'light',
    locale: 'en-US',
    serviceWorkers: 'block',
  });

const RUN = `two${Date.now().toString(36)}`;

describe('live lists across two server processes on PostgreSQL', () => {
  it.skipIf(!HAS_POSTGRES)(
    'a contact created through process A appears in the list open on process B; deleting it removes it',
    async () => {
      const [onA, onB] = [await contextOn(a), await contextOn(b)];
      const author = await onA.newPage();
      const watcher = await onB.newPage();
      const errors = [...trackErrors(author), ...trackErrors(watcher)];
      await signInAs(watcher, 'ADMIN');
      await openContacts(watcher, RUN);
      expect(await listedNames(watcher)).toEqual([]);
      await markDocument(watcher);

      // A club owner on process A: another user, another process.
      await signInAs(author, 'CLUBOWNER');
      const name = `Cy ${RUN}`;
      await createContact(author, name);
      await expect.poll(() => listedNames(watcher), { timeout: 10_000 }).toEqual([name]);

      await deleteShownContact(author);
      await expect.poll(() => listedNames(watcher), { timeout: 10_000 }).toEqual([]);
      await expectSameDocument(watcher);
      expectNoPageErrors(errors);
      await Promise.all([onA.close(), onB.close()]);
    },
  );
});

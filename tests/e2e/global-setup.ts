/**
 * Starts the real server as `npm start` runs it (built client, the server's bundle, fresh
 * PGlite data directory, demo data) on a free loopback port for the browser tests, and stops it
 * afterwards. Its console output goes to a
 * file so tests can read mailed codes the way a newcomer reads them in the terminal.
 *
 * With E2E_WORKERS=N (default 1; scripts/test.mjs passes it on) browser files run N at a time, and each worker
 * gets a server of its own (its own data directory and log), so files that change the demo
 * accounts (two-factor, checkout, ...) still never run beside another file on the same data:
 * per server, files run one after another exactly as with a single worker. worker-server.ts
 * points each worker at its server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createSocket } from 'node:dgram';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/postgres.mjs';
import { SERVER_ENTRY, ensureServerBuild } from '../../scripts/lib/server-build.mjs';
import { e2eWorkers } from '../../scripts/lib/e2e-workers.mjs';
import { TEST_CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { chromium } from 'playwright-core';

async function waitForReady(logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Ready in')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''}`);
}

/**
 * A free UDP port on loopback for the server's DNS_SERVERS: the browser file of the email domains
 * (tests/e2e/domains.test.ts) starts its own DNS server there with the zone it needs, so the
 * shared server asks it without another process; until then a DNS question is refused at once
 * (the domain check says "not reachable", as it would for any resolver that is down).
 */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

interface Started {
  url: string;
  /** The loopback port the server's DNS_SERVERS names (freeUdpPort). */
  dnsPort: number;
  logFile: string;
  /** Where helpers/app.ts signInAs keeps each role's session for the files after it. */
  sessionDir: string;
  /** The server's PGlite data directory. */
  dataDir: string;
  /** Stops the server and deletes its directory (`keep`: leaves it, to copy its data). */
  stop(options?: { keep?: boolean }): Promise<void>;
}

/** Starts a server on a fresh directory, or on a copy of `seededData` (a data directory already migrated and seeded). */
async function startServer(seededData?: string): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'bo-e2e-'));
  const dataDir = join(dir, 'data');
  if (seededData) cpSync(seededData, dataDir, { recursive: true });
  const logFile = join(dir, 'server.log');
  const sessionDir = join(dir, 'sessions');
  mkdirSync(sessionDir);
  const port: number = await freePort();
  const dnsPort = await freeUdpPort();
  const out = createWriteStream(logFile);
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_IP: '500',
      // Tests share the demo accounts and a few type a wrong password on purpose (one or two per
      // account in a run): a lockout left by one file must not break the next, and the paused
      // sign-in test reaches the limit in two rounds. The limits themselves are proven in
      // tests/api/rate-limit.test.ts.
      RATE_LIMIT_LOGIN_FAILURES: '20',
      // A form's minimum fill time (a spam rule) would make forms.test.ts wait 3 s on the clock;
      // tests/api/forms.test.ts proves the rule itself.
      RATE_LIMIT_FORM_MIN_FILL_MS: '0',
      SEED_DEMO: 'true',
      DNS_SERVERS: `127.0.0.1:${dnsPort}`,
      DNS_TIMEOUT_MS: '1000',
      // The background re-check stays off: a browser file checks a domain when it means to.
      DOMAINS_RECHECK_MS: '0',
      // An A/B campaign's winner is chosen hours after its start: tests/e2e/campaigns.test.ts moves
      // that one campaign's start back through a test hook (server/modules/campaigns/test-hooks.ts).
      TEST_HOOKS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(out);
  server.stderr.pipe(out);
  try {
    // Migrations and the demo seed took up to a minute on a loaded two-core machine.
    await waitForReady(logFile, 120_000 * e2eWorkers());
  } catch (error) {
    server.kill('SIGTERM'); // never leave a server running behind a failed start
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dnsPort,
    logFile,
    sessionDir,
    dataDir,
    async stop({ keep = false } = {}) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup() {
  // CLIENT_DIR (the server reads it too) lets parallel runs on one machine each test their own build.
  const clientDir = process.env.CLIENT_DIR || 'dist';
  if (!existsSync(join(clientDir, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  await ensureServerBuild();
  // One Chromium for the run: each file connects to it (helpers/browser.ts launch) instead of
  // starting and stopping a browser of its own (about 1.7 s a file on a busy machine).
  const browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS });
  process.env.E2E_BROWSER_WS = browserServer.wsEndpoint();
  const count = e2eWorkers();
  const started = Date.now();
  // The demo data is made once: the first server migrates and seeds (~12 s of one core), stops,
  // and the others start on copies of its data directory (~4 s each), all at the same time. Two
  // servers migrating and seeding side by side took 23.6 s; this takes about 18.
  let seeded: string | undefined;
  if (count > 1) {
    const seeder = await startServer();
    await seeder.stop({ keep: true });
    seeded = seeder.dataDir;
  }
  const results = await Promise.allSettled(Array.from({ length: count }, () => startServer(seeded)));
  if (seeded) rmSync(join(seeded, '..'), { recursive: true, force: true });
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all([...servers.map((s) => s.stop()), browserServer.close()]);
    throw failed.reason;
  }
  console.log(`browser tests: ${count} server(s) ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The first server is the default (E2E_BASE_URL, as before); the lists are for worker-server.ts.
  const [first] = servers as [Started, ...Started[]];
  process.env.E2E_BASE_URL = first.url;
  process.env.E2E_SERVER_LOG = first.logFile;
  process.env.E2E_SESSION_DIR = first.sessionDir;
  process.env.E2E_BASE_URLS = servers.map((s) => s.url).join(',');
  process.env.E2E_SERVER_LOGS = servers.map((s) => s.logFile).join(',');
  process.env.E2E_SESSION_DIRS = servers.map((s) => s.sessionDir).join(',');
  process.env.E2E_DNS_PORT = String(first.dnsPort);
  process.env.E2E_DNS_PORTS = servers.map((s) => s.dnsPort).join(',');
  return async () => {
    await Promise.all([...servers.map((s) => s.stop()), browserServer.close()]);
  };
}

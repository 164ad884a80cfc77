/**
 * `npm run bench`: the figures the README's Benchmarks section lists.
 *  1. JavaScript fetched for the login page and for login + first page (gzip KB).
 *  2. `npm start` start-up time on an existing data directory.
 *  3. p50/p99 latency of login and of a paged list under 50 connections, on PGlite and on
 *     PostgreSQL (a throwaway server, when the binaries are installed).
 * BENCH_SECONDS sets each load run's length (default 10). Rate limits are off for the load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startPostgres } from '../lib/postgres.mjs';
import { openBrowser } from './browser-session.mjs';
import { DEMO_PASSWORD, startServer } from './server-process.mjs';
import { measureBundle, printBundleTable } from './bundle.mjs';
import { measureLatency } from './load.mjs';

const fmt = (n, d = 1) => n.toFixed(d);

if (!existsSync('dist/index.html') || process.env.BENCH_BUILD !== 'false') {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
const baseEnv = { DATA_DIR: dataDir, RATE_LIMIT: 'false' };
try {
  // 1. bundle
  let server = await startServer({ port: await freePort(), env: baseEnv });
  console.log(`\nFirst start (creates and seeds the data directory): ${fmt(server.readyMs, 0)} ms`);
  const browser = await openBrowser(server.url, 'dist');
  try {
    printBundleTable(await measureBundle(browser));
  } finally {
    await browser.close();
  }
  await server.stop();

  // 2. start-up on an existing data directory, through `npm start` as a user runs it
  const startups = [];
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ port: await freePort(), env: baseEnv, command: ['npm', ['start', '--silent']] });
    startups.push(s.readyMs);
    await s.stop();
  }
  startups.sort((a, b) => a - b);
  console.log(
    `\nnpm start on an existing data directory, until /health answers: ${startups.map((v) => fmt(v, 0)).join(' / ')} ms (median ${fmt(startups[1], 0)} ms)`,
  );

  // 3. latency on PGlite, then PostgreSQL
  const results = [];
  server = await startServer({ port: await freePort(), env: baseEnv });
  for (const r of await measureLatency(server.url, { email: 'admin@demo.test', password: DEMO_PASSWORD }))
    results.push({ db: 'PGlite', ...r });
  await server.stop();

  const pg = await startPostgres();
  if (pg) {
    try {
      server = await startServer({ port: await freePort(), env: { ...baseEnv, DATABASE_URL: pg.url } });
      for (const r of await measureLatency(server.url, { email: 'admin@demo.test', password: DEMO_PASSWORD })) {
        results.push({ db: pg.version.replace('postgres (PostgreSQL) ', 'PostgreSQL '), ...r });
      }
      await server.stop();
    } finally {
      pg.stop();
    }
  } else {
    console.log('\n!! PostgreSQL binaries not installed: PostgreSQL latency skipped.');
  }
  console.log('\nLatency under 50 concurrent connections (ms):');
  console.table(results);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

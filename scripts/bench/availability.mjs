/**
 * `npm run bench:availability`: GET /api/Availability/open-intervals for the next 30 days of the
 * demo user's business (weekly slots with a break, one exception), 50 connections at once, p50 and
 * p99, on PGlite (a temp DATA_DIR) and on PostgreSQL (a throwaway server; skipped, loudly, without
 * the binaries). Bookings are not built yet: when they are, the figure (30 days of free
 * slots for a business with 5,000 bookings, p99 < 50 ms on PostgreSQL at 50 connections) adds
 * their read to this one. BENCH_SECONDS (default 10), BENCH_ENGINES=pglite or =postgres,
 * BENCH_CONNECTIONS (default 50).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startPostgres } from '../lib/postgres.mjs';
import { startServer } from './server-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const run = (url, headers, seconds) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

async function benchEngine(label, env) {
  const server = await startServer({ port: await freePort(), env });
  try {
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@demo.test', password: 'Demo1234!' }),
    });
    if (!res.ok) throw new Error(`sign-in: ${res.status}`);
    const headers = { authorization: res.headers.get('authorization') };
    const url = `${server.url}/api/Availability/open-intervals?from=${day(0)}&to=${day(29)}`;
    const check = await fetch(url, { headers });
    const intervals = (await check.json()).result.intervals.length;
    await run(url, headers, 2); // warm-up
    const avg = loadavg()[0];
    const r = await run(url, headers, SECONDS);
    if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
    console.log(
      `   ${label}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s`,
    );
    return {
      db: label,
      intervals,
      requests: r.requests.total,
      'req/s': Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      'load avg': Number(avg.toFixed(1)),
    };
  } finally {
    await server.stop();
  }
}

const results = [];
if (ENGINES.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-availability-'));
  try {
    results.push(await benchEngine('PGlite', { DATA_DIR: dataDir, RATE_LIMIT: 'false' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ENGINES.includes('postgres')) {
  const pg = await startPostgres();
  if (!pg) {
    console.log('\n!!! PostgreSQL binaries not installed (/usr/lib/postgresql/*/bin): PostgreSQL run SKIPPED.');
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-availability-'));
    try {
      const label = pg.version.replace('postgres (PostgreSQL) ', 'PostgreSQL ');
      results.push(await benchEngine(label, { DATA_DIR: dataDir, DATABASE_URL: pg.url, RATE_LIMIT: 'false' }));
    } finally {
      pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(`\nOpen intervals for 30 days, ${CONNECTIONS} connections, ${SECONDS} s (latency in ms):`);
console.table(results);

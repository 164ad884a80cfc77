/**
 * `npm run bench:reports`: fleet reports under load, on PGlite (a temp DATA_DIR) and on
 * PostgreSQL (a throwaway server; skipped, loudly, without the binaries).
 * - Export of one report with 1,000 deliveries: GET /api/Business/reports/export as PDF and as
 *   CSV, BENCH_EXPORTS times each one after another (default 5), median and slowest. Goal < 1 s.
 * - The report list with 10,000 reports: GET /api/Business/reports?page=N&perPage=20 on random
 *   pages from 50 connections (autocannon) for BENCH_SECONDS (default 10); p50 and p99 with the load
 *   average beside them, and what the machine's load does not change: the server process's CPU
 *   time per request, PostgreSQL's (its server processes') CPU time per request, and the SQL
 *   statements per request (count-statements.mjs).
 * BENCH_REPORTS (default 10000), BENCH_DELIVERIES (default 1000), BENCH_CONNECTIONS (default 50),
 * BENCH_ENGINES=pglite or =postgres.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, processCpuMs, startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 10_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PER_PAGE = 20;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

function load(env) {
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/bench/reports-load.ts',
      '--reports',
      String(REPORTS),
      '--deliveries',
      String(DELIVERIES),
    ],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (res.status !== 0) throw new Error(`loading failed:\n${res.stdout}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

/** A process's /proc stat fields after its name (Linux), or null when it is gone. */
function statOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of a PostgreSQL server and its processes (the postmaster listening on `port`, its
 * backends, and the ones that have ended): the database's share of a request on PostgreSQL.
 */
function postgresCpuMs(port) {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const postmaster = pids.find((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return argv[0].endsWith('/postgres') && argv.includes(String(port));
    } catch {
      return false;
    }
  });
  if (!postmaster) return NaN;
  let total = 0;
  for (const pid of pids) {
    const f = statOf(pid);
    if (!f) continue;
    // utime + stime, and for the postmaster its ended children's too (cutime + cstime)
    if (pid === postmaster) total += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    else if (f[1] === postmaster) total += Number(f[11]) + Number(f[12]);
  }
  return total * 10;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeExports(server, headers, reportId, format) {
  const times = [];
  let bytes = 0;
  // One unmeasured call first: the PDF writer is loaded on the first export, not at start-up.
  for (let i = 0; i <= EXPORTS; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/Business/reports/export?reportId=${reportId}&format=${format}`, {
      headers,
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`export ${format}: ${res.status} ${body.toString().slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - started);
    bytes = body.length;
  }
  return { median: Math.round(median(times)), max: Math.round(Math.max(...times)), bytes };
}

function listRun(url, headers, pages) {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/Business/reports?page=${1 + Math.floor(Math.random() * pages)}&perPage=${PER_PAGE}`,
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

async function benchEngine(label, env) {
  // A first start migrates and seeds; the data goes in while no server holds the database.
  let server = await startServer({ port: await freePort(), env });
  await server.stop();
  const { reportId } = load(env);
  server = await startServer({ port: await freePort(), env, countStatements: true });
  const rows = [];
  try {
    const res = await apiSignIn(server.url, 'trucker@demo.test');
    const headers = { authorization: res.headers.get('authorization') };
    console.log(`\n== ${label}: ${REPORTS} reports, one with ${DELIVERIES} deliveries`);
    for (const format of ['pdf', 'csv']) {
      const t = await timeExports(server, headers, reportId, format);
      rows.push({
        db: label,
        what: `export ${format.toUpperCase()} (${DELIVERIES} deliveries)`,
        'median ms': t.median,
        'max ms': t.max,
        'p99 ms': '',
        'req/s': '',
        detail: `${Math.round(t.bytes / 1024)} KB`,
      });
      console.log(`   export ${format}: median ${t.median} ms, slowest ${t.max} ms, ${Math.round(t.bytes / 1024)} KB`);
    }
    const pages = Math.ceil((REPORTS + 3) / PER_PAGE);
    const url = `${server.url}/api/Business/reports`;
    await listRun(url, headers, pages); // warm-up
    const avg = loadavg()[0];
    const pgPort = env.DATABASE_URL ? new URL(env.DATABASE_URL).port : null;
    const before = {
      cpu: processCpuMs(server.child.pid),
      db: pgPort ? postgresCpuMs(pgPort) : 0,
      sql: await server.statements(),
    };
    const r = await listRun(url, headers, pages);
    const n = r.requests.total;
    const cpuPerRequest = (processCpuMs(server.child.pid) - before.cpu) / n;
    const dbPerRequest = pgPort ? (postgresCpuMs(pgPort) - before.db) / n : NaN;
    const statements = ((await server.statements()) - before.sql) / n;
    const failed = r.non2xx + r.errors;
    const perRequest = `server CPU ${cpuPerRequest.toFixed(2)} ms${pgPort ? `, PostgreSQL CPU ${dbPerRequest.toFixed(2)} ms` : ''}, ${statements.toFixed(2)} statements`;
    rows.push({
      db: label,
      what: `list, random page of ${pages} (perPage ${PER_PAGE}), ${CONNECTIONS} connections`,
      'median ms': r.latency.p50,
      'max ms': r.latency.max,
      'p99 ms': r.latency.p99,
      'req/s': Math.round(r.requests.average),
      detail: `${n} requests, ${failed} failed, load avg ${avg.toFixed(1)}; per request: ${perRequest}`,
    });
    console.log(
      `   list: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (load avg ${avg.toFixed(1)}), ${Math.round(r.requests.average)} req/s, ${failed} failed; per request: ${perRequest}`,
    );
  } finally {
    await server.stop();
  }
  return rows;
}

const results = await onEachEngine(ENGINES, 'bo-bench-reports-', { RATE_LIMIT: 'false' }, (label, env) =>
  benchEngine(label, env),
);
console.log(`\nFleet reports (goals: each export < 1 s; list p99 at ${CONNECTIONS} connections):`);
console.table(results);

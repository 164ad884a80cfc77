/**
 * `npm run bench:users`: the admin users list (GET /api/AdminAccount/users) with 100,000 users,
 * how fast it pages, filters and searches. On PGlite (a temp DATA_DIR) and on PostgreSQL (a throwaway
 * server; skipped, loudly, without the binaries):
 *  1. start the real server once (migrations + demo data), stop it, load the users with
 *     scripts/load-users.ts, and EXPLAIN ANALYZE each list query (page query and count) with
 *     scripts/bench/users-explain.ts, so the report says which indexes serve it;
 *  2. start the server again (rate limits off), sign in as admin@demo.test, warm each query up,
 *     then autocannon with 50 connections for BENCH_SECONDS (default 10) per query; twice: with
 *     list totals remembered while the table is unchanged (the default, still exact: see
 *     server/resources/exact-count.ts), and with LIST_COUNT_CACHE=false, a count(*) per request
 *     (what any first look at a new filter, or any look after a change to users, costs).
 * BENCH_USERS sets the number of users (default 100000); BENCH_ENGINES=pglite or =postgres runs
 * one engine. The machine's load average is printed with each run: latencies taken while other
 * heavy processes run are noise. The server's CPU time per request (all its threads; on PGlite the
 * database's too) barely moves with the load: compare two builds on it, and on p99 only over
 * several alternating runs (six 15 s runs of one build on a quiet machine gave p99s of 67–93 ms).
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, processCpuMs, startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PATH = '/api/AdminAccount/users';
const FLOOR = ['floor: GET /api/User/logs?page=1&perPage=10', '/api/User/logs?page=1&perPage=10'];
const ALL_QUERIES = [
  ['no filter', 'page=1&perPage=10'],
  ['query=mart (name or email)', 'page=1&perPage=10&query=mart'],
  ['status+verified+role', 'page=1&perPage=10&status=active&verified=true&role=USER'],
  [
    'status+verified+role+profileCompleted',
    'page=1&perPage=10&status=active&verified=true&role=USER&profileCompleted=true',
  ],
  ['deep page 500, no filter', 'page=500&perPage=10'],
];

// BENCH_QUERIES=0,4 keeps those queries (by index); BENCH_TOTALS=remembered skips the counted run:
// a long before/after comparison of one figure (BENCH_SECONDS=60) then takes minutes, not an hour.
const QUERIES = process.env.BENCH_QUERIES
  ? process.env.BENCH_QUERIES.split(',')
      .map((i) => ALL_QUERIES[Number(i)])
      .filter(Boolean)
  : ALL_QUERIES;
const TOTALS = (process.env.BENCH_TOTALS ?? 'remembered,counted').split(',');

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: SECONDS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function node(script, args, env) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`${script} failed:\n${res.stdout}`);
  return res.stdout;
}

/** Index names a plan uses. */
const indexesOf = (lines) =>
  [
    ...new Set(
      lines.flatMap((l) => [...l.matchAll(/(?:Scan(?: Backward)? using|Index Scan on) (\w+)/g)].map((m) => m[1])),
    ),
  ].join(', ') || 'none (seq scan)';

async function benchEngine(label, env) {
  // 1. schema + demo data, then the users, then the plans (PGlite: one process at a time).
  let server = await startServer({ port: await freePort(), env });
  await server.stop();
  console.log(`\n== ${label}: loading ${USERS} users`);
  process.stdout.write(node('scripts/load-users.ts', ['--count', String(USERS)], env));
  const plans = node(
    'scripts/bench/users-explain.ts',
    QUERIES.map(([, q]) => q),
    env,
  )
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  for (const [i, [name]] of QUERIES.entries()) {
    const { page, count } = plans[i];
    console.log(`\n-- ${label} · ${name}: EXPLAIN ANALYZE (page query, then the count a cache miss runs)`);
    console.log(
      page
        .slice(0, 12)
        .map((l) => `   ${l}`)
        .join('\n'),
    );
    console.log(
      count
        .slice(0, 10)
        .map((l) => `   ${l}`)
        .join('\n'),
    );
  }

  // 2. the load: list totals remembered per filter (the default), then counted every request
  const rows = [];
  for (const [mode, extra] of [
    ['remembered', {}],
    ['counted each request', { LIST_COUNT_CACHE: 'false' }],
  ].filter(([mode]) => TOTALS.includes(mode.split(' ')[0]))) {
    server = await startServer({ port: await freePort(), env: { ...env, ...extra } });
    try {
      const res = await apiSignIn(server.url, 'admin@demo.test');
      const headers = { authorization: res.headers.get('authorization') };
      const check = await fetch(`${server.url}${PATH}?page=1&perPage=10`, { headers });
      const total = JSON.parse(check.headers.get('paging-data') ?? '{}').totalCount;
      console.log(`\n${label} (totals ${mode}): the list answers ${check.status}, totalCount ${total}`);
      // The floor first: any signed-in list on this machine (token, session row, a page of the
      // admin's small access log and its count), to read the users figures against.
      const measured = [[FLOOR[0], FLOOR[1], -1], ...QUERIES.map(([name, query], i) => [name, `${PATH}?${query}`, i])];
      for (const [name, path, i] of measured) {
        if (i < 0 && mode !== 'remembered') continue;
        const url = `${server.url}${path}`;
        await run({ url, headers, duration: 2 }); // warm caches and the JIT; not reported
        const load = loadavg()[0];
        const cpuBefore = processCpuMs(server.child.pid);
        const r = await run({ url, headers });
        const cpuPerRequest = (processCpuMs(server.child.pid) - cpuBefore) / r.requests.total;
        rows.push({
          db: label,
          totals: mode,
          query: name,
          requests: r.requests.total,
          'non-2xx/errors': r.non2xx + r.errors + r.timeouts,
          'req/s': Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          'server CPU ms/req': Number(cpuPerRequest.toFixed(2)),
          'load avg': Number(load.toFixed(1)),
        });
        if (mode === 'remembered' && i >= 0) {
          indexes.push({
            db: label,
            query: name,
            'page query uses': indexesOf(plans[i].page),
            'count (when not remembered) uses': indexesOf(plans[i].count),
          });
        }
        console.log(
          `   ${name}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, ` +
            `server CPU ${cpuPerRequest.toFixed(2)} ms/req`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}

const indexes = [];
const results = await onEachEngine(ENGINES, 'bo-bench-users-', { RATE_LIMIT: 'false' }, (label, env) =>
  benchEngine(label, env),
);
console.log(`\nGET ${PATH} with ${USERS} users, 50 connections, ${SECONDS} s each (latency in ms):`);
console.table(results);
console.log('\nIndexes in the EXPLAIN ANALYZE plans:');
console.table(indexes);

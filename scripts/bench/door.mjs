/**
 * `npm run bench:door`: the door check under 50 doors at once — POST /api/Club/door/redeem, each
 * request a fresh pass (the admitting path: lookup, night check, the INSERT … ON CONFLICT), then
 * the same passes again (the already-used path) — p50 and p99, on PGlite (a temp DATA_DIR) and on
 * PostgreSQL (a throwaway server; skipped, loudly, without the binaries). Goal: p99 < 300 ms.
 * BENCH_PASSES (default 20000), BENCH_SECONDS (default 10), BENCH_ENGINES=pglite or =postgres,
 * BENCH_DOORS (default 50). On PGlite every query runs on the server's one thread, so an admit
 * (~6 ms of work) waits behind the other doors' (50 doors ≈ 300 ms of queue at best): its p99
 * is that queue, not the admit.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

const PASSES = Number(process.env.BENCH_PASSES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Doors scanning at once (connections); the figure is 50, a venue's night is a few. */
const DOORS = Number(process.env.BENCH_DOORS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

function load(env) {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/door-load.ts', '--count', String(PASSES)],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (res.status !== 0) throw new Error(`loading failed:\n${res.stdout}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

/** autocannon sending each request the next code of the list; counts the answers' states. */
function redeemRun(url, headers, codes, venueId, states) {
  let next = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        method: 'POST',
        connections: DOORS,
        duration: SECONDS,
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: codes[next++ % codes.length], venueId }) }),
            onResponse: (status, body) => {
              const state = status === 200 ? JSON.parse(body).result.state : `http ${status}`;
              states[state] = (states[state] ?? 0) + 1;
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

async function benchEngine(label, env) {
  let server = await startServer({ port: await freePort(), env });
  await server.stop();
  const { venueId, codes } = load(env);
  console.log(`\n== ${label}: ${codes.length} passes valid tonight`);
  server = await startServer({ port: await freePort(), env });
  const rows = [];
  try {
    const res = await apiSignIn(server.url, 'clubowner@demo.test');
    const headers = { authorization: res.headers.get('authorization') };
    const url = `${server.url}/api/Club/door/redeem`;
    // Warm-up on passes the measured runs do not use.
    await redeemRun(url, headers, codes.slice(-2000), venueId, {});
    let passes = codes.slice(0, -2000);
    for (const name of ['admit (fresh passes)', 'already used (the admitted passes again)']) {
      const states = {};
      const avg = loadavg()[0];
      const r = await redeemRun(url, headers, passes, venueId, states);
      passes = passes.slice(0, r.requests.total);
      rows.push({
        db: label,
        path: name,
        requests: r.requests.total,
        states: Object.entries(states)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
        'req/s': Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        'load avg': Number(avg.toFixed(1)),
      });
      console.log(
        `   ${name}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s`,
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const results = await onEachEngine(ENGINES, 'bo-bench-door-', { RATE_LIMIT: 'false' }, (label, env) =>
  benchEngine(label, env),
);
console.log(`\nDoor check, ${DOORS} doors at once, ${SECONDS} s each (latency in ms; goal p99 < 300):`);
console.table(results);

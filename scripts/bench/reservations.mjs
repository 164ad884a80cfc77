/**
 * `npm run bench:reservations`: a night's availability (GET …/availability with a party and a
 * time, so the suggested table is worked out too) with 10,000 reservations at the venue, p50
 * and p99 at 50 connections, on PGlite (a temp DATA_DIR) and on PostgreSQL (a throwaway server;
 * skipped, loudly, without the binaries). Goal on PostgreSQL: p99 under 50 ms.
 *  1. start the real server once (migrations + demo data: the venue and its floor plan), stop
 *     it, load the bookings with scripts/bench/reservations-load.ts;
 *  2. start it again (rate limits off), sign in as the club owner, warm up, then autocannon for
 *     BENCH_SECONDS (default 10) — the night's availability, and for a floor the table states;
 *  3. the night's availability again while a booking on that night is made or cancelled every
 *     50 ms: each write makes every server forget the venue's remembered night (night-cache.ts),
 *     so this row shows the cost of reading it afresh as a busy Saturday would.
 * BENCH_RESERVATIONS sets the number (default 10000); BENCH_ENGINES=pglite or =postgres runs one.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

const COUNT = Number(process.env.BENCH_RESERVATIONS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: SECONDS, ...opts }, (err, result) => (err ? reject(err) : resolve(result))),
  );

function load(env) {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/reservations-load.ts', '--count', String(COUNT)],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (res.status !== 0) throw new Error(`loading failed:\n${res.stdout}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

const measuredUrl = (base, day, startsAt) =>
  `${base}/availability?day=${day}&partySize=4&startsAt=${encodeURIComponent(startsAt)}&duration=120`;

/**
 * Books a one-hour stay for one guest late in the night (after the loaded stays, which end by
 * 01:00), then cancels it, alternately, a write every 50 ms until stopped. Resolves the writes.
 */
function churn({ base, headers, day }) {
  const tableId = day.tables[0].id;
  const startsAt = new Date(Date.parse(day.night.end) - 2 * 3_600_000).toISOString();
  let writes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const booked = await fetch(`${base}/reservations`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          guestName: 'Bench Guest',
          guestPhone: '(202) 555-0143',
          partySize: 1,
          startsAt,
          durationMinutes: 60,
          tableIds: [tableId],
        }),
      });
      if (!booked.ok) throw new Error(`booking while measuring: ${booked.status} ${await booked.text()}`);
      writes += 1;
      await new Promise((r) => setTimeout(r, 50));
      const { result } = await booked.json();
      const cancelled = await fetch(`${base}/reservations/${result.id}`, { method: 'DELETE', headers });
      if (!cancelled.ok) throw new Error(`cancelling while measuring: ${cancelled.status}`);
      writes += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  // A failed write stops the loop and is thrown by stop(), inside the caller's try, so the server
  // is still stopped (an unhandled rejection would leave it running).
  let failure = null;
  loop.catch((err) => {
    failure = err;
    stopped = true;
  });
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => undefined);
      if (failure) throw failure;
      return writes;
    },
  };
}

async function benchEngine(label, env) {
  let server = await startServer({ port: await freePort(), env });
  await server.stop();
  const loaded = load(env);
  console.log(`\n== ${label}: ${loaded.made} reservations, nights ${loaded.first} → ${loaded.last}`);
  server = await startServer({ port: await freePort(), env });
  const rows = [];
  try {
    const res = await apiSignIn(server.url, 'clubowner@demo.test');
    const headers = { authorization: res.headers.get('authorization') };
    const venues = await (await fetch(`${server.url}/api/Club/my-venues`, { headers })).json();
    const base = `${server.url}/api/Club/venues/${venues.result[0].id}`;
    const day = loaded.saturday;
    // 21:00 New York on that Saturday (EST or EDT: let the server's answer tell the night).
    const probe = await (await fetch(`${base}/availability?day=${day}`, { headers })).json();
    const startsAt = new Date(Date.parse(probe.result.night.start) + 3_600_000).toISOString();
    const measured = [
      ['availability (night, party of 4, suggestion)', measuredUrl(base, day, startsAt)],
      ['table states now (floor)', `${base}/table-states`],
      ['availability while bookings change (a write every 50 ms)', measuredUrl(base, day, startsAt), churn],
    ];
    for (const [name, url, during] of measured) {
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
      await run({ url, headers, duration: 2 });
      const avg = loadavg()[0];
      const writer = during?.({ base, headers, day: probe.result });
      const r = await run({ url, headers });
      const writes = await writer?.stop();
      rows.push({
        db: label,
        query: name,
        requests: r.requests.total,
        'non-2xx/errors': r.non2xx + r.errors + r.timeouts,
        'req/s': Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        'load avg': Number(avg.toFixed(1)),
        writes: writes ?? '',
      });
      console.log(
        `   ${name}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s` +
          (writes === undefined ? '' : `, ${writes} writes`),
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const results = await onEachEngine(ENGINES, 'bo-bench-res-', { RATE_LIMIT: 'false' }, (label, env) =>
  benchEngine(label, env),
);
console.log(`\nReservations with ${COUNT} bookings at the venue, 50 connections, ${SECONDS} s each (latency in ms):`);
console.table(results);

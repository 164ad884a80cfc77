/**
 * `npm run bench:availability`: GET /api/Availability/open-intervals for the next 30 days of the
 * demo user's business (weekly slots with a break, one exception), 50 connections at once, p50 and
 * p99, on PGlite (a temp DATA_DIR) and on PostgreSQL (a throwaway server; skipped, loudly, without
 * the binaries). Then the figure: GET /api/Booking/free-slots for the same 30 days (a
 * 60-minute booking) once the business has 5,000 bookings (inserted straight into the bench's
 * database: ~4,880 over the past two years, 120 in the next 30 days inside the open hours),
 * goal p99 < 50 ms on PostgreSQL at 50 connections. FREE_SLOTS_CACHE=false measures it without
 * the server's free-slots cache. BENCH_SECONDS (default 10), BENCH_ENGINES=pglite or =postgres,
 * BENCH_CONNECTIONS (default 50).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

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

/**
 * 5,000 bookings for the demo user's business: the past ones one an hour from 14:00Z back over
 * ~700 days (history the range query must skip), and 4 a weekday in the next 30 days at 14, 15,
 * 19 and 20 Z (inside 09:00–12:00 / 13:00–17:00 New York time) that the free slots go around.
 */
const BOOKINGS_SQL = `
with biz as (select business_id as id from users where email = 'user@demo.test'),
past as (
  select g, date_trunc('day', now()) - ((g / 7 + 1) * interval '1 day') + ((14 + g % 7) * interval '1 hour') as s
  from generate_series(0, 4879) g),
future as (
  select d, h, date_trunc('day', now()) + (d * interval '1 day') + (h * interval '1 hour') as s
  from generate_series(1, 42) d, unnest(array[14, 15, 19, 20]) h
  where extract(isodow from date_trunc('day', now()) + d * interval '1 day') < 6),
picked as (select s from past union all (select s from future order by s limit 120))
insert into bookings (business_id, customer_name, starts_at, ends_at)
select biz.id, 'Bench customer', s, s + interval '45 minutes' from picked, biz;
select count(*)::int as n from bookings where business_id = (select business_id from users where email = 'user@demo.test');`;

/** Runs the SQL in the engine's database: PostgreSQL beside the server; PGlite with the server stopped. */
async function addBookings(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const results = await client.query(BOOKINGS_SQL);
    await client.end();
    return results.at(-1).rows[0].n;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(join(env.DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
  const results = await db.exec(BOOKINGS_SQL);
  await db.close();
  return results.at(-1).rows[0].n;
}

async function measure(label, what, url, headers) {
  await run(url, headers, 2); // warm-up
  const avg = loadavg()[0];
  const r = await run(url, headers, SECONDS);
  if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
  console.log(
    `   ${label} ${what}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s`,
  );
  return {
    db: label,
    call: what,
    requests: r.requests.total,
    'req/s': Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    'load avg': Number(avg.toFixed(1)),
  };
}

async function signIn(server) {
  const res = await apiSignIn(server.url, 'user@demo.test');
  return { authorization: res.headers.get('authorization') };
}

/** The free-slots figure: 5,000 bookings added (PGlite: between two runs of the server), then measured. */
async function benchFreeSlots(label, env) {
  let server = await startServer({ port: await freePort(), env });
  if (!env.DATABASE_URL) {
    await server.stop();
    console.log(`   ${label}: ${await addBookings(env)} bookings`);
    server = await startServer({ port: await freePort(), env });
  } else console.log(`   ${label}: ${await addBookings(env)} bookings`);
  try {
    const headers = await signIn(server);
    const url = `${server.url}/api/Booking/free-slots?from=${day(0)}&to=${day(29)}&durationMinutes=60`;
    const check = await fetch(url, { headers });
    if (!check.ok) throw new Error(`free slots: ${check.status} ${await check.text()}`);
    const starts = (await check.json()).result.starts.length;
    console.log(`   ${label}: ${starts} free starts in 30 days`);
    return { ...(await measure(label, `free-slots (${starts} starts)`, url, headers)) };
  } finally {
    await server.stop();
  }
}

async function benchEngine(label, env) {
  const server = await startServer({ port: await freePort(), env });
  try {
    const headers = await signIn(server);
    const url = `${server.url}/api/Availability/open-intervals?from=${day(0)}&to=${day(29)}`;
    const check = await fetch(url, { headers });
    const intervals = (await check.json()).result.intervals.length;
    return await measure(label, `open-intervals (${intervals})`, url, headers);
  } finally {
    await server.stop();
  }
}

const results = await onEachEngine(ENGINES, 'bo-bench-availability-', { RATE_LIMIT: 'false' }, async (label, env) => [
  await benchEngine(label, env),
  await benchFreeSlots(label, env),
]);
console.log(`\nOpen intervals and free slots for 30 days, ${CONNECTIONS} connections, ${SECONDS} s (latency in ms):`);
console.table(results);

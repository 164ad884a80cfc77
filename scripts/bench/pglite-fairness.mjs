/**
 * `npm run bench:pglite-fairness`: is a server that queries PGlite fair to 50 keep-alive
 * connections? Every PGlite figure at 50 connections (report list, availability, door) has a p99
 * many times its p50, with some requests past 10 s. This measures the same shape with none of the
 * app: 50 connections for 8 s against pglite-fairness-server.mjs, for each kind of work, then prints
 * p50 / p99 / max and the fewest and most requests one connection got. A fair server gives every
 * connection about the same count. WORKS=pglite,pglite-thread,busy,timer and GATES=0,1 choose the runs.
 */
import { fork } from 'node:child_process';
import http from 'node:http';

const WORKS = (process.env.WORKS ?? 'pglite,pglite-thread,busy,timer').split(',');
const GATES = (process.env.GATES ?? '0,1').split(',').map(Number);
const CONNECTIONS = 50;

async function run(work, gate) {
  const child = fork(new URL('./pglite-fairness-server.mjs', import.meta.url), {
    env: { ...process.env, WORK: work, GATE: String(gate) },
    // pglite-thread loads the app's TypeScript module.
    execArgv: work === 'pglite-thread' ? ['--import', 'tsx'] : [],
  });
  const port = await new Promise((resolve) => child.once('message', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const get = () =>
    new Promise((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject),
    );
  const latencies = [];
  const perConnection = new Array(CONNECTIONS).fill(0);
  const end = performance.now() + 8000;
  await Promise.all(
    perConnection.map(async (_, c) => {
      while (performance.now() < end) {
        const started = performance.now();
        await get();
        latencies.push(performance.now() - started);
        perConnection[c]++;
      }
    }),
  );
  child.kill();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]);
  return {
    work,
    gate: gate || 'none',
    requests: latencies.length,
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    'max ms': Math.round(latencies.at(-1)),
    'fewest per connection': Math.min(...perConnection),
    'most per connection': Math.max(...perConnection),
  };
}

const rows = [];
for (const work of WORKS) for (const gate of GATES) rows.push(await run(work, gate));
console.table(rows);

/**
 * `npm run bench:campaigns`: a campaign to BENCH_RECIPIENTS contacts (default 10,000) sent by the
 * real server's queue into the mail outbox, on PGlite (a temp DATA_DIR) and on a throwaway
 * PostgreSQL (skipped, loudly, without the binaries). BENCH_ENGINES=pglite or =postgres.
 * - Send to first mail: from the campaign's scheduled_at (the server's clock when Send was
 *   pressed: POST …/schedule { mode: now }) to the first recipient's sent_at.
 * - Mails per second: recipients / (last sent_at - first sent_at), and over the whole send from
 *   pressing Send.
 * - Server memory during the send: RSS (from /proc, every poll; the peak), and RSS and the
 *   JavaScript memory (heap + external + array buffers) after a full GC, over IPC
 *   (scripts/bench/hub-server.ts), before the send and as 1,000 / half / all of the mails are in.
 *   Flat means the queue holds a batch, not the audience. On PGlite the database lives in the
 *   server's process: its WebAssembly memory (in RSS, never given back) grows with the tables.
 * The outbox is the witness at the end: mails, duplicates, missing (scripts/bench/campaigns-load.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const POLL_MS = 200;
const MB = 2 ** 20;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function helper(args, env) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/campaigns-load.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`campaigns-load ${args.join(' ')} failed:\n${res.stdout}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

async function benchServer(env) {
  const server = await startServer({
    port: await freePort(),
    env,
    ipc: true,
    command: [process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench/hub-server.ts']],
  });
  const pid = server.child.pid;
  return {
    ...server,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    /** JavaScript memory (heap + external + array buffers) and RSS after a full GC (bytes). */
    afterGc: () =>
      new Promise((resolve) => {
        server.child.once('message', ({ memory: m }) =>
          resolve({ js: m.heapUsed + m.external + m.arrayBuffers, rssGc: m.rss }),
        );
        server.child.send('memory');
      }),
  };
}

async function benchEngine(label, env) {
  // A first start migrates and seeds; the data goes in while no server holds the database.
  let server = await benchServer(env);
  await server.stop();
  const { campaignId } = helper(['--load', String(N)], env);
  server = await benchServer(env);
  const samples = [];
  let peak = 0;
  try {
    const login = await apiSignIn(server.url, 'clubowner@demo.test');
    const headers = { authorization: login.headers.get('authorization'), 'content-type': 'application/json' };
    samples.push({ at: 'before Send', sent: 0, rss: server.rss(), ...(await server.afterGc()) });
    const avg = loadavg()[0];
    const pressed = Date.now();
    const res = await fetch(`${server.url}/api/Campaign/campaigns/${campaignId}/schedule`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mode: 'now' }),
    });
    if (!res.ok) throw new Error(`schedule: ${res.status} ${await res.text()}`);
    const marks = [1000, Math.round(N / 2), N].filter((m, i, all) => m <= N && all.indexOf(m) === i);
    for (;;) {
      const c = await fetch(`${server.url}/api/Campaign/campaigns/${campaignId}`, { headers }).then((r) => r.json());
      const { sent, status } = c.result;
      const rss = server.rss();
      peak = Math.max(peak, rss);
      while (marks.length && sent >= marks[0])
        samples.push({ at: `${marks.shift()} sent`, sent, rss, ...(await server.afterGc()) });
      if (status === 'sent') break;
      if (Date.now() - pressed > 30 * 60_000) throw new Error(`not sent after 30 minutes: ${sent} of ${N}`);
      await sleep(POLL_MS);
    }
    const wall = (Date.now() - pressed) / 1000;
    await server.stop();
    const r = helper(['--read', campaignId], env);
    const first = Date.parse(r.firstMail) - Date.parse(r.scheduledAt);
    const spread = (Date.parse(r.lastMail) - Date.parse(r.firstMail)) / 1000;
    const row = {
      db: label,
      recipients: r.recipients,
      'Send → 1st mail ms': first,
      'mails/s (1st→last)': Math.round(r.sent / spread),
      'mails/s (Send→last)': Math.round(r.sent / ((Date.parse(r.lastMail) - Date.parse(r.scheduledAt)) / 1000)),
      'peak RSS MB': Math.round(peak / MB),
      duplicates: r.duplicates,
      missing: r.missing,
      'load avg': avg.toFixed(1),
    };
    console.log(
      `\n== ${label}: ${N} recipients, sent in ${spread.toFixed(1)} s (${wall.toFixed(1)} s seen by the bench)`,
    );
    console.log(`   outbox: ${r.mails} mails, ${r.duplicates} duplicates, ${r.missing} missing; status ${r.status}`);
    console.table(
      samples.map((s) => ({
        at: s.at,
        sent: s.sent,
        'RSS MB': Math.round(s.rss / MB),
        'RSS after GC MB': Math.round(s.rssGc / MB),
        'JS after GC MB': (s.js / MB).toFixed(1),
      })),
    );
    return row;
  } finally {
    await server.stop();
  }
}

const results = await onEachEngine(ENGINES, 'bo-bench-campaigns-', { RATE_LIMIT: 'false' }, async (label, env) => [
  await benchEngine(label, env),
]);
console.log(`\nCampaign send into the outbox (${N} recipients, one server process):`);
console.table(results);

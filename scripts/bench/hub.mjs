/**
 * `npm run bench:hub`: what the live channel costs and how fast it is.
 *  1. Server memory per idle hub connection: the server's JavaScript memory (heap, external
 *     and array buffers, after a full GC) before and after opening HUB_CONNECTIONS (default
 *     1000) raw WebSocket connections past the handshake; RSS is shown too.
 *  2. Broadcast latency: an admin announcement to everyone, from the POST to the moment the
 *     first and the last of those connections got ReceiveMessage; p50/p99 over HUB_BROADCASTS
 *     (default 20) announcements.
 * Runs the real server (scripts/bench/hub-server.ts: PGlite in a temp directory, or
 * DATABASE_URL; rate limits off). Demo accounts sign in once each; connections share tokens.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, startServer } from './server-process.mjs';

const CONNECTIONS = Number(process.env.HUB_CONNECTIONS ?? 1000);
const BROADCASTS = Number(process.env.HUB_BROADCASTS ?? 20);
const ACCOUNTS = ['admin', 'it', 'mover', 'trucker', 'clubowner', 'venueemployee', 'user'].map((a) => `${a}@demo.test`);
const RS = '\x1e';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The bench server entry (memory reports over IPC); `pid` for its RSS. */
async function startHubServer(port, env) {
  const server = await startServer({
    port,
    env,
    ipc: true,
    command: [process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench/hub-server.ts']],
  });
  return {
    ...server,
    pid: server.child.pid,
    /** The server's memory after a full GC (bytes). */
    memory: () =>
      new Promise((resolve) => {
        server.child.once('message', (m) => resolve(m.memory));
        server.child.send('memory');
      }),
  };
}

function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.match(/(\d+)/)[1]);
}

/** RSS once it stops moving (start-up and seeding leave garbage that GC frees in steps). */
async function settledRssKb(pid) {
  let previous = rssKb(pid);
  for (let i = 0; i < 30; i++) {
    await sleep(1000);
    const current = rssKb(pid);
    if (Math.abs(current - previous) < previous * 0.005) return current;
    previous = current;
  }
  return previous;
}

async function signIn(url, email) {
  const res = await apiSignIn(url, email);
  return res.headers.get('authorization').replace(/^Bearer /, '');
}

/** Opens one hub connection past the handshake; `onPush(target, args)` sees every push. */
function connect(url, token, onPush) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/hubs/notifications?access_token=${token}`);
    let handshaken = false;
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data) => {
      for (const part of data.toString().split(RS)) {
        if (!part) continue;
        const msg = JSON.parse(part);
        if (!handshaken) {
          handshaken = true;
          if (msg.error) reject(new Error(msg.error));
          else resolve(ws);
        } else if (msg.type === 1) onPush(msg.target, msg.arguments);
      }
    });
    ws.on('error', reject);
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-hub-'));
const server = await startHubServer(await freePort(), { DATA_DIR: dataDir, RATE_LIMIT: 'false' });
const sockets = [];
try {
  const tokens = [];
  for (const email of ACCOUNTS) tokens.push(await signIn(server.url, email));
  const adminToken = tokens[0];

  // Let start-up settle (and warm the upgrade path) before the baseline.
  const warm = await Promise.all(tokens.map((t) => connect(server.url, t, () => undefined)));
  for (const ws of warm) ws.close();
  const before = await settledRssKb(server.pid);
  const jsBefore = await server.memory();

  /** Per broadcast title: when it was sent and when each connection got it. */
  const arrivals = new Map();
  const onPush = (target, args) => {
    if (target !== 'ReceiveMessage') return;
    const entry = arrivals.get(args[0]);
    if (entry) entry.times.push(performance.now());
  };
  const opening = performance.now();
  for (let i = 0; i < CONNECTIONS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(i + 100, CONNECTIONS); j++)
      batch.push(connect(server.url, tokens[j % tokens.length], onPush));
    sockets.push(...(await Promise.all(batch)));
  }
  const openMs = performance.now() - opening;
  // Clients ping like the official one, so the server keeps them.
  const pinger = setInterval(() => sockets.forEach((ws) => ws.send(`{"type":6}${RS}`)), 10_000);
  const after = await settledRssKb(server.pid);
  const jsAfter = await server.memory();
  const js = (m) => m.heapUsed + m.external + m.arrayBuffers;

  console.log(`\nHub connections: ${CONNECTIONS} opened in ${Math.round(openMs)} ms`);
  console.log(
    `Server JS memory (heap + external + buffers, after GC): ${(js(jsBefore) / 2 ** 20).toFixed(1)} MB before, ${(js(jsAfter) / 2 ** 20).toFixed(1)} MB after`,
  );
  console.log(`≈ ${((js(jsAfter) - js(jsBefore)) / 1024 / CONNECTIONS).toFixed(1)} KB per idle connection`);
  console.log(
    `(RSS, noisy with PGlite's WebAssembly heap: ${Math.round(before / 1024)} MB before, ${Math.round(after / 1024)} MB after)`,
  );

  const first = [];
  const last = [];
  const post = [];
  for (let i = 0; i < BROADCASTS; i++) {
    const title = `Bench broadcast ${i}`;
    const entry = { times: [] };
    arrivals.set(title, entry);
    const sent = performance.now();
    const res = await fetch(`${server.url}/api/Notification/announcement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ title, message: 'Hub benchmark', audience: 'all' }),
    });
    post.push(performance.now() - sent);
    if (res.status === 404) throw new Error('POST /api/Notification/announcement does not exist');
    if (!res.ok) throw new Error(`announcement: ${res.status} ${await res.text()}`);
    const deadline = Date.now() + 10_000;
    while (entry.times.length < CONNECTIONS && Date.now() < deadline) await sleep(2);
    if (entry.times.length < CONNECTIONS) throw new Error(`only ${entry.times.length} of ${CONNECTIONS} got ${title}`);
    first.push(Math.min(...entry.times) - sent);
    last.push(Math.max(...entry.times) - sent);
    await sleep(100);
  }
  clearInterval(pinger);
  const row = (name, v) => ({
    measure: name,
    p50: Number(percentile(v, 50).toFixed(1)),
    p99: Number(percentile(v, 99).toFixed(1)),
  });
  console.log(`\nBroadcast to ${CONNECTIONS} connections, ${BROADCASTS} announcements (ms from the POST):`);
  console.table([
    row('POST answered', post),
    row('first connection got it', first),
    row('last connection got it', last),
  ]);
} finally {
  for (const ws of sockets) ws.terminate();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

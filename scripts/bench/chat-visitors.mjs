/**
 * `npm run bench:chat-visitors`: the live chat's website widgets on one server process
 * (docs/live-chat.md, "Figures").
 *  1. Server memory per connected widget: the server's JavaScript memory (heap, external and
 *     array buffers, after a full GC) before and after CHAT_VISITORS (default 1000) visitors each
 *     open their conversation's live connection (server-sent events, as the widget does) and got
 *     its first answer; RSS is shown too.
 *  2. Message delivery: a team member's reply (POST, as the inbox sends it) until the visitor's
 *     live connection has it, p50/p99 over CHAT_REPLIES (default 200) replies one at a time to
 *     random visitors, and again for bursts of 50 replies at once to 50 visitors. Goal p99 < 100 ms.
 * Runs the real server (scripts/bench/hub-server.ts: demo data, PGlite in a temp directory, or
 * DATABASE_URL; rate limits off).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/postgres.mjs';
import { startServer } from './server-process.mjs';

const VISITORS = Number(process.env.CHAT_VISITORS ?? 1000);
const REPLIES = Number(process.env.CHAT_REPLIES ?? 200);
const BURST = 50;
const BURSTS = 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.match(/(\d+)/)[1]);
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function api(url, path, { method = 'GET', token, visitor, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(visitor ? { 'x-visitor-token': visitor } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return { res, json: await res.json() };
}

/** One widget's live connection: calls `onMessages(batch)` for each `messages` event. */
function openLive(url, conversation, onMessages) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/chat/public/conversations/${conversation.conversationId}/live?after=0`,
      { agent: false, headers: { accept: 'text/event-stream', 'x-visitor-token': conversation.visitorToken } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live: ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        let first = true;
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith('event: messages')) continue;
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            onMessages(JSON.parse(data.slice(6)));
            if (first) {
              first = false;
              resolve(req);
            }
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-chat-'));
const server = await startServer({
  port: await freePort(),
  env: { DATA_DIR: dataDir, RATE_LIMIT: 'false' },
  ipc: true,
  // BENCH_CPU_PROF=dir writes the server's V8 CPU profile there when it stops (server-process.mjs).
  command: [
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--expose-gc',
      '--import',
      'tsx',
      'scripts/bench/hub-server.ts',
    ],
  ],
});
const memory = () =>
  new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m.memory));
    server.child.send('memory');
  });
const streams = [];
try {
  const { url } = server;
  const login = await api(url, '/api/user/login', {
    method: 'POST',
    body: { email: 'clubowner@demo.test', password: 'Demo1234!' },
  });
  const token = login.res.headers.get('authorization').replace(/^Bearer /, '');
  const domainId = (
    await api(url, '/api/crmmanagement/domains/add', {
      method: 'POST',
      token,
      body: { name: `bench-visitors-${Date.now().toString(36)}.example.com` },
    })
  ).json.result.id;
  await api(url, '/api/crmmanagement/chatbot', {
    method: 'PUT',
    token,
    body: { domainId, name: 'Bench Bot', greeting: 'Hello!' },
  });

  console.log(`Starting ${VISITORS} conversations…`);
  const conversations = [];
  for (let i = 0; i < VISITORS; i += 25) {
    const batch = [];
    for (let j = i; j < Math.min(i + 25, VISITORS); j++)
      batch.push(
        api(url, `/api/chat/public/${domainId}/conversations`, { method: 'POST', body: { name: `Visitor ${j}` } }),
      );
    conversations.push(...(await Promise.all(batch)).map((r) => r.json.result));
  }

  // Warm the route, then the baseline.
  const warm = await openLive(url, conversations[0], () => undefined);
  warm.destroy();
  await sleep(2000);
  const rssBefore = rssKb(server.child.pid);
  const jsBefore = await memory();

  /** text → when it was sent and when its visitor got it. */
  const waiting = new Map();
  const onMessages = (batch) => {
    for (const m of batch.messages) {
      const entry = waiting.get(m.text);
      if (entry && entry.got === undefined) entry.got = performance.now();
    }
  };
  const opening = performance.now();
  for (let i = 0; i < VISITORS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(i + 100, VISITORS); j++) batch.push(openLive(url, conversations[j], onMessages));
    streams.push(...(await Promise.all(batch)));
  }
  const openMs = performance.now() - opening;
  await sleep(2000);
  const rssAfter = rssKb(server.child.pid);
  const jsAfter = await memory();
  const js = (m) => m.heapUsed + m.external + m.arrayBuffers;
  console.log(`\nWidget live connections: ${VISITORS} opened (each with its first answer) in ${Math.round(openMs)} ms`);
  console.log(
    `Server JS memory (heap + external + buffers, after GC): ${(js(jsBefore) / 2 ** 20).toFixed(1)} MB before, ${(js(jsAfter) / 2 ** 20).toFixed(1)} MB after`,
  );
  console.log(`≈ ${((js(jsAfter) - js(jsBefore)) / 1024 / VISITORS).toFixed(1)} KB per connected widget`);
  console.log(
    `(RSS, noisy with PGlite's WebAssembly heap: ${Math.round(rssBefore / 1024)} MB before, ${Math.round(rssAfter / 1024)} MB after)`,
  );

  let n = 0;
  /** A member's reply to visitor `i`; resolves with [POST ms, delivery ms] once the widget has it. */
  async function reply(i) {
    const text = `Bench reply ${n++}`;
    const entry = { sent: performance.now(), got: undefined };
    waiting.set(text, entry);
    const c = conversations[i];
    await api(url, `/api/crmmanagement/chats/${domainId}/chatroom/${c.conversationId}/messages`, {
      method: 'POST',
      token,
      body: { text },
    });
    const answered = performance.now() - entry.sent;
    const deadline = Date.now() + 10_000;
    while (entry.got === undefined && Date.now() < deadline) await sleep(1);
    if (entry.got === undefined) throw new Error(`visitor ${i} never got "${text}"`);
    return [answered, entry.got - entry.sent];
  }

  const pick = () => Math.floor(Math.random() * VISITORS);
  const single = [];
  for (let i = 0; i < REPLIES; i++) single.push(await reply(pick()));
  const burst = [];
  for (let b = 0; b < BURSTS; b++) {
    const targets = new Set();
    while (targets.size < BURST) targets.add(pick());
    burst.push(...(await Promise.all([...targets].map((i) => reply(i)))));
    await sleep(200);
  }
  const row = (name, v) => ({
    measure: name,
    p50: Number(percentile(v, 50).toFixed(1)),
    p99: Number(percentile(v, 99).toFixed(1)),
  });
  console.log(`\nDelivery to one of ${VISITORS} connected widgets (ms from the member's POST):`);
  console.table([
    row(
      `one at a time (${REPLIES}): POST answered`,
      single.map(([a]) => a),
    ),
    row(
      `one at a time (${REPLIES}): widget got it`,
      single.map(([, d]) => d),
    ),
    row(
      `${BURST} at once (×${BURSTS}): POST answered`,
      burst.map(([a]) => a),
    ),
    row(
      `${BURST} at once (×${BURSTS}): widget got it`,
      burst.map(([, d]) => d),
    ),
  ]);
} finally {
  for (const s of streams) s.destroy();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * `npm run bench:forms`: a public form's submission under 50 connections at once — POST
 * /api/Form/public/{slug}/submissions with a valid answer (the path a person takes: the start
 * token checked, the version read, the evaluator run strictly, the per-IP count, the INSERT and
 * the admins' notification) — p50 and p99, on PGlite (a temp DATA_DIR) and on PostgreSQL (a
 * throwaway server; skipped, loudly, without the binaries). The spam rules that would drop the
 * bench's traffic are opened for it (minimum fill time 0, per-IP limit 10^9): the bench measures
 * stored submissions, and checks the count stored afterwards. BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_ENGINES=pglite or =postgres.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../lib/postgres.mjs';
import { startServer } from './server-process.mjs';
import { onEachEngine } from './engines.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const OPEN_SPAM_RULES = { RATE_LIMIT_FORM_MIN_FILL_MS: '0', RATE_LIMIT_FORM_SUBMISSIONS_PER_IP: '1000000000' };

const FIELDS = [
  { key: 'name', type: 'shortText', label: 'Name', required: true, max: 100 },
  { key: 'email', type: 'email', label: 'Email', required: true },
  { key: 'contact', type: 'select', label: 'Contact me by', options: ['email', 'phone'], required: true },
  { key: 'phone', type: 'phone', label: 'Phone', showIf: { field: 'contact', op: 'equals', value: 'phone' } },
  { key: 'guests', type: 'number', label: 'Guests', min: 1, max: 20 },
  { key: 'extras', type: 'multiSelect', label: 'Extras', options: ['parking', 'dinner', 'late checkout'] },
  { key: 'notes', type: 'longText', label: 'Notes', max: 2000 },
  { key: 'agree', type: 'checkbox', label: 'I agree', required: true },
];
const ANSWERS = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  contact: 'phone',
  phone: '(202) 555-0143',
  guests: 4,
  extras: ['dinner', 'parking'],
  notes: 'Arriving after 8 PM, please keep the table.',
  agree: true,
};

async function call(server, method, path, body, token) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * One opening's start token per submission: the server stores one answer per opening, so a
 * token sent again would measure the quiet no-op, not the INSERT. Opened before the run, 50 at
 * a time, enough for BENCH_TOKENS_PER_SECOND (default 600) over the run.
 */
async function openTokens(server, slug, count) {
  const tokens = [];
  const open = async () => {
    while (tokens.length < count)
      tokens.push((await (await call(server, 'GET', `/api/Form/public/${slug}`)).json()).result.startToken);
  };
  await Promise.all(Array.from({ length: 50 }, open));
  return tokens;
}

function submitRun(url, tokens) {
  let next = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        method: 'POST',
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            // Past the pool's end a token is sent again (stored once): `stored` below shows it.
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ answers: ANSWERS, startToken: tokens[next++ % tokens.length], website: '' }),
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

async function storedCount(server, slug, token) {
  const listed = await call(server, 'GET', `/api/Form/forms/${slug}/submissions?perPage=1`, undefined, token);
  return JSON.parse(listed.headers.get('paging-data')).totalCount;
}

async function benchEngine(label, env) {
  const server = await startServer({ port: await freePort(), env: { ...env, ...OPEN_SPAM_RULES } });
  try {
    const login = await call(server, 'POST', '/api/user/login', { email: 'admin@demo.test', password: 'Demo1234!' });
    const token = login.headers.get('authorization');
    const slug = `bench-${Date.now().toString(36)}`;
    await call(server, 'POST', '/api/Form/forms', { name: 'Bench form', slug }, token);
    await call(server, 'PUT', `/api/Form/forms/${slug}/draft`, { fields: FIELDS }, token);
    await call(server, 'POST', `/api/Form/forms/${slug}/publish`, {}, token);
    const perSecond = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 600);
    const url = `${server.url}/api/Form/public/${slug}/submissions`;
    await submitRun(url, await openTokens(server, slug, perSecond * SECONDS)); // warm-up
    const tokens = await openTokens(server, slug, perSecond * SECONDS);
    const before = await storedCount(server, slug, token);
    const avg = loadavg()[0];
    const r = await submitRun(url, tokens);
    const stored = (await storedCount(server, slug, token)) - before;
    const row = {
      db: label,
      requests: r.requests.total,
      non2xx: r.non2xx,
      stored,
      'req/s': Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      'load avg': Number(avg.toFixed(1)),
    };
    console.log(
      `   ${label}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${row['req/s']} req/s, ${stored} stored`,
    );
    return row;
  } finally {
    // The server's graceful close can wait long on PostgreSQL after the run (seen: minutes, with
    // 1,800 new admin notifications behind it); the figures are in, so it gets 15 s, then SIGKILL.
    const stopped = server.stop();
    const timer = setTimeout(
      () => server.child.exitCode === null && process.kill(-server.child.pid, 'SIGKILL'),
      15_000,
    );
    await stopped;
    clearTimeout(timer);
  }
}

const results = await onEachEngine(ENGINES, 'bo-bench-forms-', {}, async (label, env) => [
  await benchEngine(label, env),
]);
console.log(
  `\nForm submissions, ${CONNECTIONS} connections, ${SECONDS} s (after a warm-up of as long; latency in ms):`,
);
console.table(results);

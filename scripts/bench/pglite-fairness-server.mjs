/**
 * The server half of `npm run bench:pglite-fairness`: a bare node:http server whose every request
 * does three steps of WORK — `pglite` (three PGlite queries over 20,000 rows in memory, on the server's
 * thread), `pglite-thread` (the same on PGlite's own thread, as the app runs it: server/db/pglite-thread.ts),
 * `busy` (15 ms of synchronous CPU each) or `timer` (a 15 ms timer each). GATE=N lets N requests work at once and
 * queues the rest first come, first served. Nothing of the app is loaded.
 */
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';

const WORK = process.env.WORK ?? 'pglite';
const GATE = Number(process.env.GATE ?? 0);
const db =
  WORK === 'pglite'
    ? await PGlite.create('memory://')
    : WORK === 'pglite-thread'
      ? await (await import('../../server/db/pglite-thread.ts')).PgliteThread.open('memory://')
      : null;
await db?.query('create table t(id int primary key, v text)');
await db?.query('insert into t select g, md5(g::text) from generate_series(1, 20000) g');

let active = 0;
const waiting = [];
const acquire = () => {
  if (!GATE || active < GATE) {
    active++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
};
const release = () => {
  const next = waiting.shift();
  if (next) next();
  else active--;
};
const busy = (ms) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

const server = http.createServer(async (_req, res) => {
  await acquire();
  try {
    for (let i = 0; i < 3; i++) {
      if (db) await db.query('select count(*) from t where v like $1', [`%${i}a%`]);
      else if (WORK === 'busy') await Promise.resolve().then(() => busy(15));
      else await new Promise((resolve) => setTimeout(resolve, 15));
    }
  } finally {
    release();
  }
  res.end('ok');
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));

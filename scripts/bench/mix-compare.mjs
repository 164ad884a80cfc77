/**
 * `npm run bench:mix`: the API's everyday mix (api-mix.mjs, 50 clients) against this checkout and
 * an older build side by side in one run, alternating old/new, so both meet the same machine
 * load. Prints requests/s, p50 and p99 per round and per build (all rounds pooled), the per-call
 * p99, the server's CPU time per call (all its threads) and the load average before each round.
 *
 *   BENCH_OLD_REF   the old build's commit (default 454b6fd, the last commit before response
 *                   schemas, the hostile-input hook and live record events landed); several,
 *                   comma-separated, are measured in turn with this checkout (old1, old2, …, new)
 *   BENCH_ROUNDS    old/new pairs (default 2)      BENCH_SECONDS  recorded seconds a round (20)
 *   BENCH_CLIENTS   concurrent clients (50)        BENCH_WARMUP   unrecorded seconds first (3)
 *   BENCH_PG=true   PostgreSQL instead of PGlite (a throwaway cluster; needs the binaries)
 *   BENCH_CPU_PROF  dir: each server's V8 CPU profile under dir/old and dir/new
 *
 * The old build is a detached `git worktree` under the system temp dir with this checkout's
 * node_modules linked in; each build keeps one data directory across its rounds (seeded on its
 * first start) and its server runs only during its own rounds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startPostgres } from '../lib/postgres.mjs';
import { processCpuMs, startServer } from './server-process.mjs';
import pgClient from 'pg';
import { percentile, runMix } from './api-mix.mjs';

const OLD_REFS = (process.env.BENCH_OLD_REF ?? '454b6fd').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

function oldCheckout(ref) {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `bo-bench-old-${sha}`);
  if (!existsSync(join(dir, 'server'))) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'inherit' });
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  return { sha, dir };
}

const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
const builds = [
  ...OLD_REFS.map(oldCheckout).map((old, i) => ({
    name: `old ${old.sha}`,
    key: OLD_REFS.length > 1 ? `old${i + 1}` : 'old',
    cwd: old.dir,
    rounds: [],
  })),
  { name: `new ${head}${dirty ? '+' : ''}`, key: 'new', cwd: process.cwd(), rounds: [] },
];
const scratch = mkdtempSync(join(tmpdir(), 'bo-bench-mix-'));
const pg = process.env.BENCH_PG === 'true' ? await startPostgres() : null;
if (process.env.BENCH_PG === 'true' && !pg) throw new Error('PostgreSQL binaries not installed');

try {
  for (const build of builds) {
    build.env = { RATE_LIMIT: 'false', DATA_DIR: join(scratch, build.key), CLIENT_DIR: join(scratch, 'no-client') };
    if (pg) {
      // One database a build: each build migrates and seeds its own schema.
      const admin = new pgClient.Client({ connectionString: pg.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE bench_${build.key}`);
      await admin.end();
      build.env.DATABASE_URL = pg.url.replace(/\/postgres$/, `/bench_${build.key}`);
    }
  }
  console.log(
    `API mix, ${CLIENTS} clients, ${SECONDS} s recorded after ${WARMUP} s, ${pg ? 'PostgreSQL' : 'PGlite'}; ${ROUNDS} rounds of ${builds.map((b) => b.key).join('/')}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const build of builds) {
      const server = await startServer({
        port: await freePort(),
        cwd: build.cwd,
        env: build.env,
        cpuProfDir: process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF, build.key) : undefined,
      });
      const loadBefore = load();
      const cpuBefore = processCpuMs(server.child.pid);
      const r = await runMix(server.url, { clients: CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP });
      r.cpuPerCall = (processCpuMs(server.child.pid) - cpuBefore) / r.calls;
      await server.stop();
      build.rounds.push(r);
      console.log(
        `round ${round} ${build.name.padEnd(13)} load ${loadBefore} | ${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, max ${fmt(r.max)} ms, server CPU ${fmt(r.cpuPerCall, 2)} ms a call, ${r.requests} calls, ${r.failures} failed${r.failures ? ` (${r.firstFailures.join('; ')})` : ''}`,
      );
    }
  }

  const pooled = builds.map((b) => {
    const all = b.rounds.flatMap((r) => r.all).sort((x, y) => x - y);
    return {
      build: b.name,
      'req/s (mean)': fmt(b.rounds.reduce((s, r) => s + r.rps, 0) / b.rounds.length),
      p50: fmt(percentile(all, 50), 1),
      p99: fmt(percentile(all, 99), 1),
      'p99 per round': b.rounds.map((r) => fmt(r.p99)).join(' / '),
      'server CPU ms a call': fmt(b.rounds.reduce((s, r) => s + r.cpuPerCall, 0) / b.rounds.length, 2),
      failed: b.rounds.reduce((s, r) => s + r.failures, 0),
    };
  });
  console.log('\nPer build, all rounds pooled (ms):');
  console.table(pooled);
  const n = pooled[pooled.length - 1];
  for (const o of pooled.slice(0, -1)) {
    console.log(
      `new/${o.build}: throughput ${fmt(n['req/s (mean)'] / o['req/s (mean)'], 2)}x, p99 ${fmt(n.p99 / o.p99, 2)}x`,
    );
  }

  const calls = Object.keys(builds[builds.length - 1].rounds[0].perCall);
  console.log('\nPer call, p50 / p99 of each round (ms):');
  console.table(
    calls.map((call) => {
      const row = { call };
      for (const b of builds) {
        row[b.key] = b.rounds.map((r) => `${fmt(r.perCall[call]?.p50)}/${fmt(r.perCall[call]?.p99)}`).join('  ');
      }
      return row;
    }),
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  pg?.stop();
  rmSync(scratch, { recursive: true, force: true });
}

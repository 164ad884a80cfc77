/**
 * `npm run bench:domains`: how long checking a domain's DNS records takes (PUT
 * /api/crmmanagement/domains/authenticate's DNS part) against a resolver on loopback — p50 and
 * p99 over BENCH_CHECKS (default 500) checks one after another, and again with
 * BENCH_CONCURRENCY (default 20) at once. The work is in scripts/bench/domains-check.ts. The
 * machine's load is printed first: on a shared machine the figures carry it.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

const CHECKS = process.env.BENCH_CHECKS ?? '500';
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '20';

console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const res = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/bench/domains-check.ts', '--count', CHECKS, '--concurrency', CONCURRENCY],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (res.status !== 0) throw new Error(`domains bench failed:\n${res.stdout}`);
const { sequential, concurrent, queriesPerCheck } = JSON.parse(res.stdout.trim().split('\n').pop());
console.log(`DNS questions per check: ${queriesPerCheck}`);
console.log(
  `one at a time: ${sequential.n} checks, p50 ${sequential.p50} ms, p99 ${sequential.p99} ms, max ${sequential.max} ms`,
);
console.log(
  `${concurrent.at} at once:    ${concurrent.n} checks, p50 ${concurrent.p50} ms, p99 ${concurrent.p99} ms, max ${concurrent.max} ms`,
);

/**
 * `npm run bench:files`: the file manager's tree at 10,000 nodes — sorting 10,000 siblings in
 * each mode (goal < 50 ms), the visible rows with 2,000 folders open, and the server's read of
 * the whole tree (GET /api/Files/tree's work) — medians and maxima of 7 runs after a warm-up run. The work is in
 * scripts/bench/files-tree.ts. The machine's load is printed first: on a shared machine the
 * figures carry it.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/files-tree.ts'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (res.status !== 0) throw new Error(`files bench failed:\n${res.stdout}`);
const { engine, sort, rows, list } = JSON.parse(res.stdout.trim().split('\n').pop());
for (const [mode, t] of Object.entries(sort))
  console.log(
    `sort 10,000 siblings (${mode}): median ${t.median} ms, max ${t.max} ms, CPU median ${t.cpu} ms (goal < 50 ms)`,
  );
console.log(`visible rows of ${rows.count} nodes, 2,000 folders open: median ${rows.median} ms, max ${rows.max} ms`);
console.log(`server read of a ${list.nodes}-node tree (${engine}): median ${list.median} ms, max ${list.max} ms`);

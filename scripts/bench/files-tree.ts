/**
 * The in-process half of `npm run bench:files` (run with tsx): sorting 10,000 siblings in each
 * of the file manager's modes (src/domain/files/sort.ts, what the screen runs; goal < 50 ms),
 * building the visible rows of a 10,000-node tree with 2,000 folders open (the screen's
 * tree-model.ts), and reading a 10,000-node tree through the server's open (GET /api/Files/tree:
 * the lock, every row, the live filter). Prints one JSON line. DATABASE_URL set: PostgreSQL;
 * else PGlite in a temp directory.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { businesses, fileNodes } from '../../server/db/schema';
import { openTree } from '../../server/modules/files/tree-read';
import { createStorage } from '../../server/modules/storage/create-storage';
import { SORT_MODES, sortNodes } from '../../src/domain/files/sort';
import type { FileNode } from '../../src/domain/files/wire';
import { childrenByParent, visibleRows } from '../../src/custom/files/tree-model';

const N = 10_000;
const RUNS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/**
 * Medians and maxima of RUNS timed runs, after one untimed run (compiling, first-use tables);
 * with the median CPU time of this process, which a loaded machine's waits for a core do not
 * swell as they swell the clock's.
 */
const time = async (fn: () => unknown) => {
  await fn();
  const out: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await fn();
    const spent = process.cpuUsage(used);
    out.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  return { median: +median(out).toFixed(1), max: +Math.max(...out).toFixed(1), cpu: +median(cpu).toFixed(1) };
};

const node = (i: number, parentId: string | null, isFolder: boolean): FileNode => ({
  id: randomUUID(),
  name: `${isFolder ? 'Folder' : 'file'} ${Math.floor(Math.random() * N)}-${i}${isFolder ? '' : '.pdf'}`,
  parentId,
  isFolder,
  color: '#45caf1',
  version: 1,
  size: 1000,
  mime: null,
  updatedAt: new Date().toISOString(),
  deletedAt: null,
});

// 10,000 siblings, a fifth of them folders.
const siblings = Array.from({ length: N }, (_, i) => node(i, 'root', i % 5 === 0));
const sort: Record<string, { median: number; max: number }> = {};
for (const mode of SORT_MODES) sort[mode] = await time(() => sortNodes(siblings, mode, 'en-US'));

// A 10,000-node tree: 2,000 folders under the top, 4 files in each; all folders open.
const folders = Array.from({ length: 2000 }, (_, i) => node(i, 'root', true));
const tree = [...folders, ...folders.flatMap((f, i) => [0, 1, 2, 3].map((j) => node(i * 4 + j, f.id, false)))];
const open = new Set(folders.map((f) => f.id));
const rows = await time(() => visibleRows('root', childrenByParent(tree, 'folder', 'en-US'), open));

// The server's open of a 10,000-node tree.
const dir = mkdtempSync(join(tmpdir(), 'bench-files-'));
const config = loadConfig({ ...process.env, DATA_DIR: dir });
const database = await openDatabase(config);
const { db } = database;
const [business] = await db.insert(businesses).values({ companyName: 'Bench Files' }).returning();
const owner = business!.id;
const rootId = randomUUID();
const base = { owner, businessId: owner, color: '#45caf1' };
await db.insert(fileNodes).values({ ...base, id: rootId, parentId: null, name: '', isFolder: true });
const rowsToInsert = tree.map((n) => ({
  ...base,
  id: n.id,
  parentId: n.parentId === 'root' ? rootId : n.parentId,
  name: n.name,
  isFolder: n.isFolder,
  size: n.isFolder ? 0 : 1000,
}));
for (let i = 0; i < rowsToInsert.length; i += 1000) await db.insert(fileNodes).values(rowsToInsert.slice(i, i + 1000));
const ctx = {
  db,
  now: new Date(),
  who: { owner, businessId: owner, userId: randomUUID() },
  storage: createStorage(config),
};
let listed = 0;
const list = await time(async () => (listed = (await openTree(ctx)).nodes.length));
await database.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    engine: database.kind,
    sort,
    rows: { ...rows, count: tree.length },
    list: { ...list, nodes: listed },
  }),
);

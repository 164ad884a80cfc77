/**
 * Opening a tree and its trash. The first open makes the root with the sample folders (product
 * brief section 3); each open also empties the trash of what has been in it for 30 days (the
 * rows and then the bytes no row names any more), so no timer is needed.
 */
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { FILES, SAMPLE_FOLDERS, sampleKeyOf } from '../../../src/domain/files/rules';
import type { FileTree, TrashEntry } from '../../../src/domain/files/wire';
import type { FileStorage } from '../storage';
import { onTree, type Ctx } from './files-service';
import { toNode } from './nodes';
import { fileNodes } from './tables';
import type { Tree } from './tree';

const DAY = 24 * 60 * 60 * 1000;

function summary(tree: Tree): FileTree {
  const nodes = [];
  let usedBytes = 0;
  let trashBytes = 0;
  for (const row of tree.byId.values()) {
    if (row.parentId === null) continue;
    if (tree.isLive(row)) {
      nodes.push(toNode(row));
      usedBytes += row.size;
    } else trashBytes += row.size;
  }
  return { rootId: tree.rootId, nodes, usedBytes, trashBytes };
}

export async function openTree(ctx: Ctx & { storage: FileStorage }): Promise<FileTree> {
  const { purgedKeys, answer } = await onTree(ctx, async (tree) => {
    if (!tree.rootId) {
      const base = { owner: ctx.who.owner, businessId: ctx.who.businessId, isFolder: true, createdBy: ctx.who.userId };
      const root = await tree.insert({ ...base, parentId: null, name: '' });
      for (const name of SAMPLE_FOLDERS)
        await tree.insert({ ...base, parentId: root.id, name, sample: sampleKeyOf(name) });
    }
    const purged = await purge(tree, ctx.who.owner);
    // Nothing purged (the usual open): the tree read under the lock is the answer.
    return { purgedKeys: purged, answer: purged === null ? summary(tree) : null };
  });
  // Bytes go after the commit: a failed commit must not have lost them.
  for (const key of purgedKeys ?? []) await ctx.storage.delete(key);
  return answer ?? onTree(ctx, async (tree) => summary(tree));
}

/** Drops what has been in the trash for 30 days; the storage keys no row names any more (null: nothing was old). */
async function purge(tree: Tree, owner: string): Promise<string[] | null> {
  const before = new Date(tree.now.getTime() - FILES.trashDays * DAY);
  const old = [...tree.byId.values()].filter((r) => r.deletedAt && r.deletedAt < before);
  if (old.length === 0) return null;
  const keys = new Set<string>();
  for (const row of old) for (const { row: r } of allWithin(tree, row.id)) if (r.storageKey) keys.add(r.storageKey);
  await tree.tx
    .delete(fileNodes)
    .where(and(eq(fileNodes.owner, owner), isNotNull(fileNodes.deletedAt), lt(fileNodes.deletedAt, before)));
  const gone: string[] = [];
  for (const key of keys) {
    const [named] = await tree.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fileNodes)
      .where(eq(fileNodes.storageKey, key));
    if (!named || named.n === 0) gone.push(key);
  }
  return gone;
}

/** Every node below `id`, trashed or not (what a purge removes with it). */
function allWithin(tree: Tree, id: string) {
  const out = [{ row: tree.byId.get(id)! }];
  for (let i = 0; i < out.length; i++)
    for (const child of tree.children.get(out[i]!.row.id) ?? []) out.push({ row: child });
  return out;
}

/** The trash: each deleted item, where it was (as the caller's screen names the folders), and what it holds. */
export function listTrash(ctx: Ctx): Promise<TrashEntry[]> {
  return onTree(ctx, async (tree) => {
    const pathOf = (id: string | null) => {
      const parts: string[] = [];
      for (let n = id ? tree.byId.get(id) : undefined; n && n.parentId; n = tree.byId.get(n.parentId))
        parts.unshift(tree.shown(n));
      return `/${parts.join('/')}`;
    };
    return [...tree.byId.values()]
      .filter((r) => r.deletedAt)
      .sort((a, b) => b.deletedAt!.getTime() - a.deletedAt!.getTime())
      .map((row) => {
        const within = allWithin(tree, row.id).filter(({ row: r }) => !r.isFolder);
        return {
          node: toNode(row),
          path: pathOf(row.parentId),
          files: within.length,
          bytes: within.reduce((sum, { row: r }) => sum + r.size, 0),
        };
      });
  });
}

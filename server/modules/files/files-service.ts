/**
 * The file manager's operations (product brief section 4). Each is one transaction on the tree
 * under its advisory lock (tree.ts): the nodes named carry the version the client saw, and a
 * node changed meanwhile answers 409 before anything is written. A name already taken in the
 * target folder is settled by the batch's one policy — replace (the old one goes to the trash),
 * keep both (`name (2)`), skip — or, when none was chosen, answers 409 naming the names.
 */
import { MESSAGES } from '../../../src/domain/messages';
import {
  fileTypeRefusal,
  type ConflictPolicy,
  type NodeItem,
  type PasteRequest,
} from '../../../src/domain/files/rules';
import type { OperationResult } from '../../../src/domain/files/wire';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { toNode } from './nodes';
import type { FileNodeRow } from './tables';
import { conflictError, lockTree, type Tree } from './tree';

/** Whose tree: a business's, or the platform's (the administrator's). */
export interface Owner {
  owner: string;
  businessId: string | null;
  userId: string;
}

export interface Ctx {
  db: Db;
  now: Date;
  who: Owner;
  /** The caller's language (Accept-Language): names written for them show sample folders in it. */
  locale?: PlatformMailLocale;
}

export const result = (changed: FileNodeRow[], more: Partial<OperationResult> = {}): OperationResult => ({
  changed: changed.map(toNode),
  skipped: [],
  trashed: [],
  note: null,
  ...more,
});

/** Runs `fn` on the locked tree in one transaction. */
export const onTree = <T>(ctx: Ctx, fn: (tree: Tree) => Promise<T>) =>
  ctx.db.transaction(async (tx) => fn(await lockTree(tx, ctx.who.owner, ctx.now, ctx.locale)));

/**
 * Where one incoming node goes under `parentId`: its name, or null to skip it; replaced nodes go
 * to the trash. `shown` is the incoming node's name as the caller sees it (a sample folder's):
 * keep both numbers that one ("Documentos (2)").
 */
async function settle(
  tree: Tree,
  parentId: string,
  name: string,
  isFolder: boolean,
  policy: ConflictPolicy | undefined,
  trashed: string[],
  except?: string,
  shown = name,
): Promise<string | null> {
  const taken = tree.nameTaken(parentId, name, except, shown);
  if (!taken) return name;
  if (policy === 'skip') return null;
  if (policy === 'replace') {
    // Every sibling the name meets (a sample folder may be met by its stored and its shown name).
    for (let other: FileNodeRow | undefined = taken; other; other = tree.nameTaken(parentId, name, except, shown)) {
      await tree.trash(other);
      trashed.push(other.id);
    }
    return name;
  }
  return tree.freeName(parentId, shown, isFolder);
}

/** Refuses a batch with a taken name when no policy was chosen (nothing is written). */
function askFirst(
  tree: Tree,
  parentId: string,
  rows: { name: string; except?: string; shown?: string }[],
  policy?: ConflictPolicy,
) {
  if (policy) return;
  const taken = rows.filter((r) => tree.nameTaken(parentId, r.name, r.except, r.shown)).map((r) => r.shown ?? r.name);
  if (taken.length) throw conflictError(taken);
}

export function createFolder(ctx: Ctx, input: { parentId: string; name: string; color?: string }) {
  return onTree(ctx, async (tree) => {
    const parent = tree.folder(input.parentId);
    if (tree.nameTaken(parent.id, input.name)) throw conflict(MESSAGES.fileNameTaken, { name: MESSAGES.fileNameTaken });
    const row = await tree.insert({
      owner: ctx.who.owner,
      businessId: ctx.who.businessId,
      parentId: parent.id,
      name: input.name,
      isFolder: true,
      ...(input.color ? { color: input.color } : {}),
      createdBy: ctx.who.userId,
    });
    return result([row]);
  });
}

export function patchNode(
  ctx: Ctx,
  id: string,
  input: { version: number; name?: string; color?: string; policy?: ConflictPolicy },
) {
  return onTree(ctx, async (tree) => {
    const row = tree.item({ id, version: input.version });
    const trashed: string[] = [];
    let name = row.name;
    if (input.name !== undefined && input.name !== row.name) {
      const wrongType = row.isFolder ? null : fileTypeRefusal(input.name);
      if (wrongType) throw badRequest(wrongType, { name: wrongType });
      askFirst(tree, row.parentId!, [{ name: input.name, except: row.id }], input.policy);
      const settled = await settle(tree, row.parentId!, input.name, row.isFolder, input.policy, trashed, row.id);
      if (settled === null) return result([], { skipped: [row.id] });
      name = settled;
    }
    const written = await tree.update(row, { name, ...(input.color ? { color: input.color } : {}) });
    return result([written], { trashed });
  });
}

export function recolor(ctx: Ctx, items: NodeItem[], color: string) {
  return onTree(ctx, async (tree) => {
    const rows = items.map((i) => tree.item(i));
    const changed: FileNodeRow[] = [];
    for (const row of rows) changed.push(await tree.update(row, { color }));
    return result(changed);
  });
}

/** The selection without repeats and without what a selected folder already holds. */
function topmost(tree: Tree, items: NodeItem[]): FileNodeRow[] {
  const rows = [...new Map(items.map((i) => [i.id, tree.item(i)])).values()];
  return rows.filter((row) => !rows.some((other) => other.id !== row.id && tree.isWithin(row.id, other.id)));
}

export function paste(ctx: Ctx, input: PasteRequest) {
  return onTree(ctx, async (tree) => {
    const target = tree.folder(input.targetId);
    const rows = topmost(tree, input.items);
    for (const row of rows)
      if (row.isFolder && tree.isWithin(target.id, row.id))
        throw badRequest(MESSAGES.fileIntoItself, { targetId: MESSAGES.fileIntoItself });
    // In its own folder a paste makes a copy beside it (a cut too: the brief's rule), named `name (2)`.
    const here = rows.filter((r) => r.parentId === target.id);
    const away = rows.filter((r) => r.parentId !== target.id);
    askFirst(
      tree,
      target.id,
      away.map((r) => ({ name: r.name, except: r.id, shown: tree.shown(r) })),
      input.policy,
    );
    const changed: FileNodeRow[] = [];
    const skipped: string[] = [];
    const trashed: string[] = [];
    // The copies first: a replace below may send the node they copy to the trash.
    for (const row of here)
      changed.push(
        await tree.copy(row, target.id, tree.freeName(target.id, tree.shown(row), row.isFolder), ctx.who.userId),
      );
    for (const row of away) {
      const name = await settle(
        tree,
        target.id,
        row.name,
        row.isFolder,
        input.policy,
        trashed,
        row.id,
        tree.shown(row),
      );
      if (name === null) skipped.push(row.id);
      else if (input.mode === 'cut') changed.push(await tree.update(row, { parentId: target.id, name }));
      else changed.push(await tree.copy(row, target.id, name, ctx.who.userId));
    }
    const note = input.mode === 'cut' && here.length > 0 ? ('duplicated' as const) : null;
    return result(changed, { skipped, trashed, note });
  });
}

export function duplicate(ctx: Ctx, items: NodeItem[]) {
  return onTree(ctx, async (tree) => {
    const changed: FileNodeRow[] = [];
    for (const row of topmost(tree, items))
      changed.push(
        await tree.copy(
          row,
          row.parentId!,
          tree.freeName(row.parentId!, tree.shown(row), row.isFolder),
          ctx.who.userId,
        ),
      );
    return result(changed);
  });
}

export function trashItems(ctx: Ctx, items: NodeItem[]) {
  return onTree(ctx, async (tree) => {
    const changed: FileNodeRow[] = [];
    for (const row of topmost(tree, items)) changed.push(await tree.trash(row));
    return result(changed, { trashed: changed.map((r) => r.id) });
  });
}

/**
 * Back from the trash into the folder it was in, or into the top folder when that one is gone
 * or in the trash too; a name taken there meanwhile becomes `name (2)`.
 */
export function restore(ctx: Ctx, ids: string[]) {
  return onTree(ctx, async (tree) => {
    const changed: FileNodeRow[] = [];
    for (const id of new Set(ids)) {
      const row = tree.byId.get(id);
      if (!row) throw notFound(MESSAGES.fileNodeNotFound);
      if (!row.deletedAt) throw conflict(MESSAGES.fileNotInTrash, { ids: MESSAGES.fileNotInTrash });
      const parent = row.parentId ? tree.byId.get(row.parentId) : undefined;
      const parentId = parent && tree.isLive(parent) ? parent.id : tree.rootId;
      // Its own name when free; else a number on the name the caller sees ("Documentos (2)").
      const name = tree.nameTaken(parentId, row.name, row.id, tree.shown(row))
        ? tree.freeName(parentId, tree.shown(row), row.isFolder)
        : row.name;
      changed.push(await tree.update(row, { deletedAt: null, parentId, name }));
    }
    return result(changed);
  });
}

/**
 * The file manager against a plain reference model: a few hundred random operations (new
 * folder, rename, paste by copy or cut with a random policy or none, duplicate, trash, restore,
 * and now and then a stale version), each sent to the API and applied to the model below, which
 * is written from the product brief's rules, not from the server's code. After each one the
 * live tree and the trash must be the model's. Seeded: a failure names its seed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FileTree } from '../../src/domain/files/wire';
import { createTestApp, type TestApp } from './helpers/app';
import { filesApi } from './helpers/files';

interface M {
  id: string;
  name: string;
  parentId: string | null;
  isFolder: boolean;
  deleted: boolean;
}

let t: TestApp;
let api: ReturnType<typeof filesApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  api = filesApi(t, (await t.login('clubowner@demo.test')).access);
});
afterAll(() => t.close());

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

class Model {
  nodes = new Map<string, M>();
  temp = 0;
  constructor(readonly rootId: string) {
    this.nodes.set(rootId, { id: rootId, name: '', parentId: null, isFolder: true, deleted: false });
  }
  live(n: M): boolean {
    for (let c: M | undefined = n; c; c = c.parentId ? this.nodes.get(c.parentId) : undefined)
      if (c.deleted) return false;
    return true;
  }
  kids(id: string) {
    return [...this.nodes.values()].filter((n) => n.parentId === id && !n.deleted);
  }
  taken(parentId: string, name: string, except?: string) {
    return this.kids(parentId).find((n) => n.id !== except && n.name.toLowerCase() === name.toLowerCase());
  }
  free(parentId: string, name: string, isFolder: boolean) {
    if (!this.taken(parentId, name)) return name;
    const dot = isFolder ? -1 : name.lastIndexOf('.');
    const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/ \(\d+\)$/, '');
    const ext = dot > 0 ? name.slice(dot) : '';
    for (let i = 2; ; i++) if (!this.taken(parentId, `${stem} (${i})${ext}`)) return `${stem} (${i})${ext}`;
  }
  under(id: string, ancestor: string) {
    for (let c = this.nodes.get(id); c; c = c.parentId ? this.nodes.get(c.parentId) : undefined)
      if (c.id === ancestor) return true;
    return false;
  }
  copy(n: M, parentId: string, name: string) {
    const id = `new-${++this.temp}`;
    this.nodes.set(id, { id, name, parentId, isFolder: n.isFolder, deleted: false });
    for (const k of this.kids(n.id)) this.copy(k, id, k.name);
  }
  top(ids: string[]) {
    const picked = [...new Set(ids)].map((id) => this.nodes.get(id)!);
    return picked.filter((n) => !picked.some((o) => o.id !== n.id && this.under(n.id, o.id)));
  }
  /** Applies a paste; returns the status the API must answer. */
  paste(mode: 'copy' | 'cut', targetId: string, ids: string[], policy?: string): number {
    const items = this.top(ids);
    if (items.some((n) => n.isFolder && this.under(targetId, n.id))) return 400;
    const here = items.filter((n) => n.parentId === targetId);
    const away = items.filter((n) => n.parentId !== targetId);
    if (!policy && away.some((n) => this.taken(targetId, n.name))) return 409;
    for (const n of here) this.copy(n, targetId, this.free(targetId, n.name, n.isFolder));
    for (const n of away) {
      let name = n.name;
      const clash = this.taken(targetId, name, n.id);
      if (clash && policy === 'skip') continue;
      if (clash && policy === 'replace') clash.deleted = true;
      else if (clash) name = this.free(targetId, name, n.isFolder);
      if (mode === 'cut') Object.assign(n, { parentId: targetId, name });
      else this.copy(n, targetId, name);
    }
    return 200;
  }
  /** Gives the model's new nodes the ids the server chose: same parent, same name (names are unique). */
  adopt(tree: FileTree) {
    const byParent = new Map<string, FileTree['nodes']>();
    for (const n of tree.nodes) byParent.set(n.parentId!, [...(byParent.get(n.parentId!) ?? []), n]);
    const walk = (id: string) => {
      for (const k of this.kids(id)) {
        const real = (byParent.get(id) ?? []).find((r) => r.name === k.name);
        if (real && k.id.startsWith('new-')) {
          this.nodes.delete(k.id);
          for (const c of this.nodes.values()) if (c.parentId === k.id) c.parentId = real.id;
          k.id = real.id;
          this.nodes.set(k.id, k);
        }
        walk(k.id);
      }
    };
    walk(this.rootId);
  }
  /** The same for nodes that went to the trash before the server's id was known (a copy replaced in its batch). */
  adoptTrash(entries: { id: string; parentId: string | null; name: string }[]) {
    const known = new Set(this.nodes.keys());
    for (const k of [...this.nodes.values()].filter((n) => n.deleted && n.id.startsWith('new-'))) {
      const real = entries.find((e) => !known.has(e.id) && e.parentId === k.parentId && e.name === k.name);
      if (!real) continue;
      this.nodes.delete(k.id);
      for (const c of this.nodes.values()) if (c.parentId === k.id) c.parentId = real.id;
      k.id = real.id;
      this.nodes.set(k.id, k);
      known.add(real.id);
    }
  }
  shape(): string[] {
    const out: string[] = [];
    const walk = (id: string, path: string) => {
      for (const k of this.kids(id)) {
        out.push(`${path}/${k.name}${k.isFolder ? '/' : ''}`);
        walk(k.id, `${path}/${k.name}`);
      }
    };
    walk(this.rootId, '');
    return out.sort();
  }
}

/** Each live item's path ("/a/b"): names are unique in a folder, so paths are too. */
function pathsOf(tree: FileTree): Map<string, string> {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const path = (id: string): string => {
    const n = byId.get(id);
    return n ? `${path(n.parentId!)}/${n.name}` : '';
  };
  return new Map(tree.nodes.map((n) => [n.id, path(n.id)]));
}

/** The live items in path order: the API promises no order, so picks follow the seed alone. */
function sortedByPath(tree: FileTree): FileTree['nodes'] {
  const paths = pathsOf(tree);
  return [...tree.nodes].sort((a, b) => (paths.get(a.id)! < paths.get(b.id)! ? -1 : 1));
}

function shapeOf(tree: FileTree): string[] {
  const paths = pathsOf(tree);
  return tree.nodes.map((n) => `${paths.get(n.id)}${n.isFolder ? '/' : ''}`).sort();
}

const SEED = Number(process.env.FILES_SEED ?? 20261129);
const OPS = 300;
const NAMES = ['a', 'A', 'b', 'c.txt', 'C.TXT', 'd (2)', 'e.txt'];

it(`matches the reference model over ${OPS} random operations (seed ${SEED})`, async () => {
  const random = rng(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  let tree = await api.tree();
  const model = new Model(tree.rootId);
  for (const n of tree.nodes)
    model.nodes.set(n.id, { id: n.id, name: n.name, parentId: n.parentId, isFolder: true, deleted: false });
  const up = await api.upload(
    tree.rootId,
    ['c.txt', 'e.txt'].map((f) => ({ filename: f, bytes: Buffer.from(f) })),
  );
  for (const n of up.json().result.changed)
    model.nodes.set(n.id, { id: n.id, name: n.name, parentId: n.parentId, isFolder: false, deleted: false });
  tree = await api.tree();
  const counts: Record<string, number> = {};

  for (let step = 0; step < OPS; step++) {
    // PostgreSQL returns rows as they lie on disk, which an update moves: sorted, not as sent.
    const live = sortedByPath(tree);
    const folders = [tree.rootId, ...live.filter((n) => n.isFolder).map((n) => n.id)];
    const version = (id: string) => {
      const v = live.find((n) => n.id === id)!.version;
      return random() < 0.03 ? v + 1 : v;
    };
    const someItems = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(live).id);
    // Copies of folders grow the tree fast: past 120 nodes, trash until it is smaller again.
    const op =
      live.length === 0
        ? 'folder'
        : live.length > 120
          ? 'trash'
          : pick(['folder', 'rename', 'paste', 'paste', 'duplicate', 'trash', 'restore']);
    let res;
    let expected = 200;
    if (op === 'folder') {
      const parentId = pick(folders);
      const name = pick(NAMES);
      res = await api.folder(parentId, name);
      if (model.taken(parentId, name)) expected = 409;
      else
        model.nodes.set(res.json().result?.changed[0]?.id ?? 'x', {
          id: res.json().result?.changed[0]?.id ?? 'x',
          name,
          parentId,
          isFolder: true,
          deleted: false,
        });
    } else if (op === 'rename') {
      const n = pick(live);
      const name = pick(NAMES);
      const policy = random() < 0.5 ? pick(['replace', 'keepBoth', 'skip']) : undefined;
      const v = version(n.id);
      res = await api.patch(n.id, { version: v, name, ...(policy ? { policy } : {}) });
      const m = model.nodes.get(n.id)!;
      const clash = name !== m.name ? model.taken(m.parentId!, name, m.id) : undefined;
      if (v !== n.version) expected = 409;
      // A file keeps a type an upload may have (NAMES' only type is .txt).
      else if (!m.isFolder && name !== m.name && !/\.txt$/i.test(name)) expected = 400;
      else if (clash && !policy) expected = 409;
      else if (!(clash && policy === 'skip')) {
        if (clash && policy === 'replace') clash.deleted = true;
        m.name = clash && policy === 'keepBoth' ? model.free(m.parentId!, name, m.isFolder) : name;
      }
    } else if (op === 'paste' || op === 'duplicate' || op === 'trash') {
      const ids = someItems();
      const items = ids.map((id) => ({ id, version: version(id) }));
      const stale = items.some((i) => i.version !== live.find((n) => n.id === i.id)!.version);
      if (op === 'paste') {
        const mode = pick(['copy', 'cut'] as const);
        const targetId = pick(folders);
        const policy = random() < 0.7 ? pick(['replace', 'keepBoth', 'skip']) : undefined;
        res = await api.paste({ mode, targetId, items, ...(policy ? { policy } : {}) });
        if (stale) expected = 409;
        else {
          const copy = structuredClone([...model.nodes]);
          expected = model.paste(mode, targetId, ids, policy);
          if (expected !== 200) model.nodes = new Map(copy);
        }
      } else if (op === 'duplicate') {
        res = await api.duplicate(items);
        if (stale) expected = 409;
        else for (const n of model.top(ids)) model.copy(n, n.parentId!, model.free(n.parentId!, n.name, n.isFolder));
      } else {
        res = await api.trash(items);
        if (stale) expected = 409;
        else for (const n of model.top(ids)) n.deleted = true;
      }
    } else {
      const trashed = [...model.nodes.values()].filter((n) => n.deleted);
      if (trashed.length === 0) continue;
      const n = pick(trashed);
      res = await api.restore([n.id]);
      const parent = model.nodes.get(n.parentId!);
      const parentId = parent && model.live(parent) ? parent.id : model.rootId;
      Object.assign(n, { parentId, name: model.free(parentId, n.name, n.isFolder), deleted: false });
    }
    counts[`${op} ${expected}`] = (counts[`${op} ${expected}`] ?? 0) + 1;
    expect(res.statusCode, `step ${step} ${op}: ${res.body}`).toBe(expected);
    tree = await api.tree();
    model.adopt(tree);
    expect(shapeOf(tree), `step ${step} ${op}`).toEqual(model.shape());
    const entries = (await api.trashList())
      .json()
      .result.map((e: { node: { id: string; parentId: string; name: string } }) => e.node);
    model.adoptTrash(entries);
    const trash = entries.map((e: { id: string }) => e.id).sort();
    expect(trash, `step ${step} trash`).toEqual(
      [...model.nodes.values()]
        .filter((n) => n.deleted)
        .map((n) => n.id)
        .sort(),
    );
  }
  // The sequence exercised every kind of answer.
  for (const key of [
    'folder 200',
    'folder 409',
    'rename 200',
    'rename 409',
    'paste 200',
    'paste 409',
    'trash 200',
    'restore 200',
  ])
    expect(counts[key] ?? 0, key).toBeGreaterThan(0);
}, 240_000);

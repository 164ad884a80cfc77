/**
 * The tree as the screen shows it, from the flat list the server sends: each folder's children
 * in the chosen sort (src/domain/files/sort.ts), and the rows visible with the expanded folders
 * open, each with its depth (aria-level) — the WAI-ARIA tree pattern's rows.
 */
import { isSampleKey } from '../../domain/files/rules';
import { sortNodes, type SortMode } from '../../domain/files/sort';
import type { FileNode, FileTree } from '../../domain/files/wire';

/** A translation lookup: the text at a key, or undefined when the language has none. */
export type Translate = (key: string) => string | undefined;

/**
 * The tree with each sample folder under the name the reader's language gives it
 * (`sampleFolders.<key>` in public/locales; src/domain/files/rules.ts, SAMPLE_FOLDERS). The screen works on
 * these names throughout — the rows, their sort and type-ahead, the preview, the rename field's
 * first value, the messages that name a folder — so a Spanish owner's "Documentos" sorts and is
 * found as "Documentos". A name typed into the rename field is the person's own from then on.
 */
export function withShownNames(tree: FileTree, translate: Translate): FileTree {
  if (!tree.nodes.some((n) => n.sample)) return tree;
  return { ...tree, nodes: tree.nodes.map((n) => shownNode(n, translate)) };
}

export const shownNode = (node: FileNode, translate: Translate): FileNode => {
  const shown = isSampleKey(node.sample) ? translate(`sampleFolders.${node.sample}`) : undefined;
  return shown ? { ...node, name: shown } : node;
};

export interface Row {
  node: FileNode;
  level: number;
  /** Position among its siblings, 1-based, and how many they are (aria-posinset / aria-setsize). */
  pos: number;
  size: number;
}

export function childrenByParent(nodes: readonly FileNode[], mode: SortMode, locale: string) {
  const groups = new Map<string, FileNode[]>();
  for (const n of nodes) {
    const key = n.parentId ?? '';
    const list = groups.get(key);
    if (list) list.push(n);
    else groups.set(key, [n]);
  }
  for (const [key, list] of groups) groups.set(key, sortNodes(list, mode, locale));
  return groups;
}

export function visibleRows(rootId: string, children: Map<string, FileNode[]>, expanded: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const walk = (parentId: string, level: number) => {
    const list = children.get(parentId) ?? [];
    list.forEach((node, i) => {
      rows.push({ node, level, pos: i + 1, size: list.length });
      if (node.isFolder && expanded.has(node.id)) walk(node.id, level + 1);
    });
  };
  walk(rootId, 1);
  return rows;
}

/** The next row after `from` whose name starts with `prefix` (type-ahead), wrapping round. */
export function typeAhead(rows: readonly Row[], from: number, prefix: string): number {
  const want = prefix.toLocaleLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const i = (from + step) % rows.length;
    if (rows[i]!.node.name.toLocaleLowerCase().startsWith(want)) return i;
  }
  return -1;
}

/** The folders from the top down to `id` (to open them all when a node is shown). */
export function ancestors(nodes: readonly FileNode[], id: string): string[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: string[] = [];
  for (let n = byId.get(id); n?.parentId && byId.has(n.parentId); n = byId.get(n.parentId)) out.unshift(n.parentId);
  return out;
}

/** Bytes as people read them: 512 B, 1.5 KB, 12.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

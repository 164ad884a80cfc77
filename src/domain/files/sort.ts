/**
 * The file manager's sorts (product brief sections 4 and 9: alphabetically, folders first, files
 * first). Names compare naturally and by locale ("file2" before "file10", "é" beside "e"); one
 * collator is made per locale and kept, since making one costs more than sorting a folder.
 */
export const SORT_MODES = ['alphabetically', 'folder', 'file'] as const;
export type SortMode = (typeof SORT_MODES)[number];

const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/** A copy of `nodes` in the mode's order; ties keep their id order so the order never flickers. */
export function sortNodes<T extends { name: string; isFolder: boolean; id: string }>(
  nodes: readonly T[],
  mode: SortMode,
  locale = 'en-US',
): T[] {
  const { compare } = collatorFor(locale);
  const kind = (n: T) => (mode === 'folder' ? (n.isFolder ? 0 : 1) : mode === 'file' ? (n.isFolder ? 1 : 0) : 0);
  return [...nodes].sort((a, b) => kind(a) - kind(b) || compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

export const isSortMode = (value: unknown): value is SortMode =>
  typeof value === 'string' && (SORT_MODES as readonly string[]).includes(value);

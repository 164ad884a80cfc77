/**
 * The cells the floor-plan editor's edits work on (editor-edits.ts): a new placed item, the next
 * free name, whether a cell is on the floor, a change to some components' cells, a quarter turn.
 */
import type { PlacedItem, Rotation, VenueLayout } from '../../domain/seating/layout';

/** A new placed cell: a wall (no parent), or one of a table's or bar's. */
export const item = (
  type: PlacedItem['type'],
  id: string,
  row: number,
  col: number,
  parent: { id: string; name: string; identifier: string } | null,
): PlacedItem => ({
  id,
  image: type,
  name: parent?.name ?? 'Wall',
  row,
  col,
  rotation: 0,
  type,
  parentId: parent?.id ?? null,
  parentName: parent?.name ?? null,
  parentIdentifier: parent?.identifier ?? null,
});

/** The next free `<prefix><n>` name among the given ones (T1, T2, … or B1, …). */
export function nextName(prefix: string, taken: readonly string[]): string {
  const used = new Set(taken);
  let n = 1;
  for (const name of taken) {
    const m = new RegExp(`^${prefix}(\\d+)$`).exec(name);
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

/** Whether a cell is on the floor. */
export const inside = (l: VenueLayout, i: { row: number; col: number }) =>
  i.row >= 0 && i.col >= 0 && i.row < l.height && i.col < l.width;

/** The layout with `fn` applied to the cells of each component (or wall) in `ids`. */
export function mapComponents(
  l: VenueLayout,
  ids: ReadonlySet<string>,
  fn: (items: PlacedItem[]) => PlacedItem[],
): VenueLayout {
  return {
    ...l,
    walls: l.walls.some((w) => ids.has(w.id)) ? l.walls.flatMap((w) => (ids.has(w.id) ? fn([w]) : [w])) : l.walls,
    seats: l.seats.map((t) => (ids.has(t.id) ? { ...t, items: fn(t.items) } : t)),
    bars: l.bars.map((b) => (ids.has(b.id) ? { ...b, items: fn(b.items) } : b)),
  };
}

/** Quarter turn clockwise of a component's cells inside their bounding box (top-left kept). */
export function rotateCells(items: PlacedItem[]): PlacedItem[] {
  const minRow = Math.min(...items.map((i) => i.row));
  const minCol = Math.min(...items.map((i) => i.col));
  const maxRow = Math.max(...items.map((i) => i.row));
  const h = maxRow - minRow;
  return items.map((i) => ({
    ...i,
    row: minRow + (i.col - minCol),
    col: minCol + (h - (i.row - minRow)),
    rotation: ((i.rotation + 90) % 360) as Rotation,
  }));
}

/** Ids that still exist in the layout. */
export function existing(l: VenueLayout, ids: string[]): string[] {
  const known = new Set([...l.walls.map((w) => w.id), ...l.seats.map((t) => t.id), ...l.bars.map((b) => b.id)]);
  return ids.filter((id) => known.has(id));
}

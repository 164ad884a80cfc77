/**
 * The brief's "place" edit: put one item of the floor (a table, a bar or a wall) with its top-left
 * cell at a chosen cell. It is refused, with a message naming the item and the cell, when the item
 * would leave the floor or cover a cell something else already covers. The editor's reducer and
 * its "Place at" form both call this, so the message shown is the rule applied.
 */
import { formatMessage, MESSAGES } from '../messages';
import type { PlacedItem, VenueLayout } from './layout';

export type Placement = { ok: true; layout: VenueLayout } | { ok: false; message: string };

/** The top-left cell (0-based) of a table, bar or wall, or null when the id is not on the floor. */
export function componentOrigin(layout: VenueLayout, id: string): { row: number; col: number } | null {
  const items = itemsOf(layout, id);
  if (!items?.length) return null;
  return { row: Math.min(...items.map((i) => i.row)), col: Math.min(...items.map((i) => i.col)) };
}

function itemsOf(layout: VenueLayout, id: string): PlacedItem[] | null {
  const wall = layout.walls.find((w) => w.id === id);
  if (wall) return [wall];
  return layout.seats.find((t) => t.id === id)?.items ?? layout.bars.find((b) => b.id === id)?.items ?? null;
}

/**
 * The layout with component `id` shifted so its top-left cell is (`row`, `col`), both 0-based, or
 * why it cannot go there. Messages count rows and columns from 1, as the editor shows them.
 */
export function placeComponent(layout: VenueLayout, id: string, row: number, col: number): Placement {
  const items = itemsOf(layout, id);
  const origin = componentOrigin(layout, id);
  if (!items || !origin || !Number.isInteger(row) || !Number.isInteger(col))
    return { ok: false, message: MESSAGES.invalidValue };
  const isWall = items[0]!.type === 'wall';
  const name = layout.seats.find((t) => t.id === id)?.name ?? layout.bars.find((b) => b.id === id)?.name ?? '';
  const dRow = row - origin.row;
  const dCol = col - origin.col;
  const moved = items.map((i) => ({ ...i, row: i.row + dRow, col: i.col + dCol }));

  const cell = (i: { row: number; col: number }) => ({ row: i.row + 1, col: i.col + 1 });
  if (moved.some((i) => i.row < 0 || i.col < 0 || i.row >= layout.height || i.col >= layout.width))
    return {
      ok: false,
      message: isWall
        ? formatMessage('wallOutside', cell({ row, col }))
        : formatMessage('placeOutside', { name, ...cell({ row, col }), width: layout.width, height: layout.height }),
    };

  // What covers each cell now, leaving out the item being placed.
  const taken = new Map<string, string | null>();
  const key = (i: { row: number; col: number }) => `${i.row}:${i.col}`;
  for (const w of layout.walls) if (w.id !== id) taken.set(key(w), null);
  for (const c of [...layout.seats, ...layout.bars])
    if (c.id !== id) for (const i of c.items) if (!taken.has(key(i))) taken.set(key(i), c.name);
  for (const i of moved) {
    if (!taken.has(key(i))) continue;
    const other = taken.get(key(i));
    const at = cell(i);
    const message =
      other === null
        ? formatMessage(isWall ? 'wallPlaceOnWall' : 'placeOnWall', { name, ...at })
        : formatMessage(isWall ? 'wallPlaceTaken' : 'placeTaken', { name, ...at, other: other ?? '' });
    return { ok: false, message };
  }

  if (isWall) return { ok: true, layout: { ...layout, walls: layout.walls.map((w) => (w.id === id ? moved[0]! : w)) } };
  return {
    ok: true,
    layout: {
      ...layout,
      seats: layout.seats.map((t) => (t.id === id ? { ...t, items: moved } : t)),
      bars: layout.bars.map((b) => (b.id === id ? { ...b, items: moved } : b)),
    },
  };
}

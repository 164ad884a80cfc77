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

/** Why a shift is refused: a cell it would put off the floor, or on a cell `other` covers (null: a wall). */
export type ShiftRefusal = { ok: false; at: { row: number; col: number } } & (
  | { reason: 'outside' }
  | { reason: 'taken'; other: string | null }
);

/**
 * The one rule of moving things on the floor: the components (tables, bars) and walls in `ids`
 * shifted by whole cells, or why not. Every moved cell stays on the floor, and none lands on a
 * cell that something not moved covers, unless the moved ones covered that cell already (a plan
 * saved with an overlap can be moved out of it a cell at a time; it is never made worse). Things
 * moved together may take each other's cells. "Place at" (placeComponent), the arrow keys and a
 * drag's drop (the editor's 'move' edit) all go through it.
 */
export function shiftComponents(
  layout: VenueLayout,
  ids: ReadonlySet<string>,
  dRow: number,
  dCol: number,
): { ok: true; layout: VenueLayout } | ShiftRefusal {
  const key = (i: { row: number; col: number }) => `${i.row}:${i.col}`;
  const shift = (i: PlacedItem): PlacedItem => ({ ...i, row: i.row + dRow, col: i.col + dCol });
  const before = [
    ...layout.walls.filter((w) => ids.has(w.id)),
    ...[...layout.seats, ...layout.bars].filter((c) => ids.has(c.id)).flatMap((c) => c.items),
  ];
  const coveredBefore = new Set(before.map(key));
  // What covers each cell, leaving out what moves: null for a wall, else the component's name.
  const taken = new Map<string, string | null>();
  for (const w of layout.walls) if (!ids.has(w.id)) taken.set(key(w), null);
  for (const c of [...layout.seats, ...layout.bars])
    if (!ids.has(c.id)) for (const i of c.items) if (!taken.has(key(i))) taken.set(key(i), c.name);
  for (const i of before.map(shift)) {
    const at = { row: i.row, col: i.col };
    if (i.row < 0 || i.col < 0 || i.row >= layout.height || i.col >= layout.width)
      return { ok: false, at, reason: 'outside' };
    if (taken.has(key(i)) && !coveredBefore.has(key(i)))
      return { ok: false, at, reason: 'taken', other: taken.get(key(i))! };
  }
  const moveAll = <T extends { id: string; items: PlacedItem[] }>(c: T): T =>
    ids.has(c.id) ? { ...c, items: c.items.map(shift) } : c;
  return {
    ok: true,
    layout: {
      ...layout,
      walls: layout.walls.map((w) => (ids.has(w.id) ? shift(w) : w)),
      seats: layout.seats.map(moveAll),
      bars: layout.bars.map(moveAll),
    },
  };
}

/**
 * The layout with component `id` shifted so its top-left cell is (`row`, `col`), both 0-based, or
 * why it cannot go there (shiftComponents' rule). Messages count rows and columns from 1, as the
 * editor shows them.
 */
export function placeComponent(layout: VenueLayout, id: string, row: number, col: number): Placement {
  const items = itemsOf(layout, id);
  const origin = componentOrigin(layout, id);
  if (!items || !origin || !Number.isInteger(row) || !Number.isInteger(col))
    return { ok: false, message: MESSAGES.invalidValue };
  const isWall = items[0]!.type === 'wall';
  const name = layout.seats.find((t) => t.id === id)?.name ?? layout.bars.find((b) => b.id === id)?.name ?? '';
  const shifted = shiftComponents(layout, new Set([id]), row - origin.row, col - origin.col);
  if (shifted.ok) return shifted;

  const cell = (i: { row: number; col: number }) => ({ row: i.row + 1, col: i.col + 1 });
  if (shifted.reason === 'outside')
    return {
      ok: false,
      message: isWall
        ? formatMessage('wallOutside', cell({ row, col }))
        : formatMessage('placeOutside', { name, ...cell({ row, col }), width: layout.width, height: layout.height }),
    };
  const at = cell(shifted.at);
  const message =
    shifted.other === null
      ? formatMessage(isWall ? 'wallPlaceOnWall' : 'placeOnWall', { name, ...at })
      : formatMessage(isWall ? 'wallPlaceTaken' : 'placeTaken', { name, ...at, other: shifted.other });
  return { ok: false, message };
}

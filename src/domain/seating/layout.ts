/**
 * A venue's seating layout (the product brief, section 3: venue seating layout): a grid of
 * `width` × `height` cells with walls, tables ("seats" in the brief) and bars. A table or a bar is
 * a component made of placed items, one per grid cell it covers; a wall is a placed item of its
 * own. The editor, the server and the reservations screens all read this one shape and check it
 * with this one schema, so a layout the editor can save is one the server accepts.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { INT_COLUMN_MAX } from '../constants';

export const ITEM_TYPES = ['wall', 'table', 'bar'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** Largest floor side in cells: a big hall at one cell per metre, still cheap to draw. */
export const MAX_GRID = 200;
/** Items (wall cells plus table and bar cells) one layout holds: enough for a 500-table hall. */
export const MAX_ITEMS = 2000;
/** Places one table seats: a long banquet table, not a typo of 400. */
export const MAX_PLACES = 40;
export const MAX_NAME = 40;
export const MAX_IDENTIFIER = 20;
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;

export const DEFAULT_WIDTH = 12;
export const DEFAULT_HEIGHT = 8;

/** One cell of the floor: a wall, or one cell of a table or bar (`parent*` name the component). */
export interface PlacedItem {
  id: string;
  /** The icon drawn for the item (a key of the editor's palette), if any. */
  image: string | null;
  name: string;
  row: number;
  col: number;
  rotation: Rotation;
  type: ItemType;
  parentId: string | null;
  parentName: string | null;
  parentIdentifier: string | null;
}

/** A table (the brief's "seat"): what guests reserve. */
export interface LayoutTable {
  id: string;
  name: string;
  identifier: string;
  isAvailable: boolean;
  places: number;
  items: PlacedItem[];
}

/** A bar counter: drawn and kept clear of tables, never reserved. */
export interface LayoutBar {
  id: string;
  name: string;
  identifier: string;
  items: PlacedItem[];
}

export interface VenueLayout {
  width: number;
  height: number;
  walls: PlacedItem[];
  /** The tables (the brief calls them seats). */
  seats: LayoutTable[];
  bars: LayoutBar[];
  zoom: number;
  rotation: Rotation;
}

/** A table as the reservations area sees it. */
export interface TableSummary {
  id: string;
  name: string;
  identifier: string;
  places: number;
  isAvailable: boolean;
}

const id = z.string({ error: MESSAGES.invalidValue }).check(z.minLength(1, MESSAGES.invalidValue), z.maxLength(64));
const text = (max: number) => z.string({ error: MESSAGES.invalidValue }).check(z.trim(), z.maxLength(max));
const cell = z.number({ error: MESSAGES.invalidValue }).check(z.int(MESSAGES.invalidValue));
const rotation = z.union(ROTATIONS.map((r) => z.literal(r)) as [z.ZodMiniLiteral<Rotation>], {
  error: MESSAGES.invalidValue,
});

const placedItemSchema = z.object({
  id,
  image: z.nullable(text(64)),
  name: text(MAX_NAME),
  row: cell,
  col: cell,
  rotation,
  type: z.enum(ITEM_TYPES, { error: MESSAGES.invalidValue }),
  parentId: z.nullable(id),
  parentName: z.nullable(text(MAX_NAME)),
  parentIdentifier: z.nullable(text(MAX_IDENTIFIER)),
});

// A loose cap per list; the layout-wide count (with its own message) is checked below.
const itemsSchema = z.array(placedItemSchema).check(z.maxLength(MAX_ITEMS * 2));

const tableSchema = z.object({
  id,
  name: text(MAX_NAME),
  identifier: text(MAX_IDENTIFIER),
  isAvailable: z.boolean({ error: MESSAGES.invalidValue }),
  places: cell,
  items: itemsSchema,
});

const barSchema = z.object({ id, name: text(MAX_NAME), identifier: text(MAX_IDENTIFIER), items: itemsSchema });

/** A floor side in cells; the editor's width and height fields refuse with its message too. */
export const floorSide = z
  .number({ error: formatMessage('layoutSizeInvalid', { max: MAX_GRID }) })
  .check(
    z.int(formatMessage('layoutSizeInvalid', { max: MAX_GRID })),
    z.gte(1, formatMessage('layoutSizeInvalid', { max: MAX_GRID })),
    z.lte(MAX_GRID, formatMessage('layoutSizeInvalid', { max: MAX_GRID })),
  );

type Issue = { path: (string | number)[]; message: string };

/**
 * Whether the cells form one piece, side by side (a table or bar drawn cell by cell, or cut by
 * erasing one, must not stand in two places of the room).
 */
export function cellsTouch(cells: readonly { row: number; col: number }[]): boolean {
  if (cells.length < 2) return true;
  const left = new Set(cells.map((c) => `${c.row}:${c.col}`));
  const queue = [cells[0]!];
  left.delete(`${cells[0]!.row}:${cells[0]!.col}`);
  while (queue.length) {
    const { row, col } = queue.pop()!;
    for (const [r, c] of [
      [row - 1, col],
      [row + 1, col],
      [row, col - 1],
      [row, col + 1],
    ] as const)
      if (left.delete(`${r}:${c}`)) queue.push({ row: r, col: c });
  }
  return left.size === 0;
}

/**
 * The rules that span items: counts, unique ids, everything inside the floor, one wall per cell,
 * bars clear of walls and of each other, tables clear of each other, of walls and of bars,
 * places within bounds. Each message names the item.
 */
export function layoutIssues(layout: VenueLayout): Issue[] {
  const issues: Issue[] = [];
  const total =
    layout.walls.length +
    layout.seats.reduce((n, t) => n + t.items.length, 0) +
    layout.bars.reduce((n, b) => n + b.items.length, 0);
  if (total > MAX_ITEMS) return [{ path: ['walls'], message: formatMessage('layoutTooManyItems', { max: MAX_ITEMS }) }];

  const ids = new Set<string>();
  const unique = (value: string, path: (string | number)[]) => {
    if (ids.has(value)) issues.push({ path, message: formatMessage('layoutIdTwice', { id: value }) });
    ids.add(value);
  };
  const inside = (i: PlacedItem) => i.row >= 0 && i.col >= 0 && i.row < layout.height && i.col < layout.width;

  // Which component covers each cell; walls first, so a table on a wall is named as such.
  const covered = new Map<string, { kind: ItemType; name: string; owner: string }>();
  const key = (i: PlacedItem) => `${i.row}:${i.col}`;

  layout.walls.forEach((wall, w) => {
    unique(wall.id, ['walls', w, 'id']);
    if (wall.type !== 'wall' || wall.parentId !== null)
      issues.push({ path: ['walls', w], message: formatMessage('layoutItemParent', { name: wall.name || 'wall' }) });
    if (!inside(wall))
      issues.push({
        path: ['walls', w],
        message: formatMessage('wallOutside', { row: wall.row + 1, col: wall.col + 1 }),
      });
    if (covered.has(key(wall)))
      issues.push({
        path: ['walls', w],
        message: formatMessage('wallTwice', { row: wall.row + 1, col: wall.col + 1 }),
      });
    covered.set(key(wall), { kind: 'wall', name: wall.name, owner: wall.id });
  });

  layout.bars.forEach((bar, b) => {
    // A bar may be left unnamed: its messages still name something (as a wall's do).
    const name = bar.name || 'bar';
    unique(bar.id, ['bars', b, 'id']);
    if (bar.items.length === 0) issues.push({ path: ['bars', b], message: formatMessage('barEmpty', { name }) });
    bar.items.forEach((item, i) => {
      unique(item.id, ['bars', b, 'items', i, 'id']);
      if (item.type !== 'bar' || item.parentId !== bar.id)
        issues.push({ path: ['bars', b, 'items', i], message: formatMessage('layoutItemParent', { name }) });
      const path = ['bars', b, 'items', i];
      if (!inside(item)) return issues.push({ path, message: formatMessage('barOutside', { name }) });
      const other = covered.get(key(item));
      if (!other) covered.set(key(item), { kind: 'bar', name, owner: bar.id });
      else if (other.kind === 'wall') issues.push({ path, message: formatMessage('barOnWall', { name }) });
      else if (other.owner !== bar.id || bar.items.some((x, j) => j < i && key(x) === key(item)))
        issues.push({ path, message: formatMessage('barsOverlap', { first: other.name, second: name }) });
    });
    if (!cellsTouch(bar.items)) issues.push({ path: ['bars', b], message: formatMessage('barApart', { name }) });
  });

  const identifiers = new Set<string>();
  layout.seats.forEach((table, t) => {
    const name = table.name || table.identifier;
    unique(table.id, ['seats', t, 'id']);
    if (!table.name)
      issues.push({
        path: ['seats', t, 'name'],
        message: formatMessage('tableNameRequired', { identifier: table.identifier }),
      });
    if (identifiers.has(table.identifier))
      issues.push({
        path: ['seats', t, 'identifier'],
        message: formatMessage('tableIdentifierTwice', { identifier: table.identifier }),
      });
    identifiers.add(table.identifier);
    if (table.places < 1 || table.places > MAX_PLACES)
      issues.push({
        path: ['seats', t, 'places'],
        message: formatMessage('tablePlacesInvalid', { name, max: MAX_PLACES }),
      });
    if (table.items.length === 0) issues.push({ path: ['seats', t], message: formatMessage('tableEmpty', { name }) });
    let outside = false;
    table.items.forEach((item, i) => {
      const path = ['seats', t, 'items', i];
      unique(item.id, [...path, 'id']);
      if (item.type !== 'table' || item.parentId !== table.id)
        issues.push({ path, message: formatMessage('layoutItemParent', { name }) });
      if (!inside(item)) {
        if (!outside) issues.push({ path, message: formatMessage('tableOutside', { name }) });
        outside = true;
        return;
      }
      const other = covered.get(key(item));
      if (!other) covered.set(key(item), { kind: 'table', name, owner: table.id });
      else if (other.kind === 'wall') issues.push({ path, message: formatMessage('tableOnWall', { name }) });
      else if (other.kind === 'bar')
        issues.push({ path, message: formatMessage('tableOnBar', { name, bar: other.name }) });
      else if (other.owner !== table.id || table.items.some((x, j) => j < i && key(x) === key(item)))
        issues.push({ path, message: formatMessage('tablesOverlap', { first: other.name, second: name }) });
    });
    if (!cellsTouch(table.items)) issues.push({ path: ['seats', t], message: formatMessage('tableApart', { name }) });
  });
  return issues;
}

/**
 * A layout's shape, without the floor checks (overlaps, walls, tables kept together) of
 * venueLayoutSchema: what a stored plan, checked when it was saved, is answered as (wire.ts).
 */
export const venueLayoutShape = z.object({
  width: floorSide,
  height: floorSide,
  walls: itemsSchema,
  seats: z.array(tableSchema).check(z.maxLength(MAX_ITEMS)),
  bars: z.array(barSchema).check(z.maxLength(MAX_ITEMS)),
  zoom: z
    .number({ error: MESSAGES.invalidValue })
    .check(z.gte(MIN_ZOOM, MESSAGES.invalidValue), z.lte(MAX_ZOOM, MESSAGES.invalidValue)),
  rotation,
});

export const venueLayoutSchema = venueLayoutShape.check(
  z.superRefine((layout, ctx) => {
    for (const issue of layoutIssues(layout as VenueLayout))
      ctx.issues.push({ code: 'custom', input: layout, path: issue.path, message: issue.message });
  }),
);

/** PUT body: the layout and the version it was edited from (an int column: a larger one is refused here, by name). */
export const saveLayoutSchema = z.object({
  version: z
    .number({ error: MESSAGES.invalidValue })
    .check(
      z.int(MESSAGES.invalidValue),
      z.gte(0, MESSAGES.invalidValue),
      z.lte(INT_COLUMN_MAX, formatMessage('tooLarge', { max: INT_COLUMN_MAX })),
    ),
  layout: venueLayoutSchema,
});
export type SaveLayoutInput = z.infer<typeof saveLayoutSchema>;

/** The empty floor the brief starts from: 12 × 8, zoom 1, rotation 0. */
export function defaultLayout(): VenueLayout {
  return { width: DEFAULT_WIDTH, height: DEFAULT_HEIGHT, walls: [], seats: [], bars: [], zoom: 1, rotation: 0 };
}

/** The tables of a layout, in layout order, without their geometry. */
export function layoutTables(layout: VenueLayout): TableSummary[] {
  return layout.seats.map(({ id, name, identifier, places, isAvailable }) => ({
    id,
    name,
    identifier,
    places,
    isAvailable,
  }));
}

/** Every placed item of a layout (walls, then bars, then tables). */
export function allItems(layout: VenueLayout): PlacedItem[] {
  return [...layout.walls, ...layout.bars.flatMap((b) => b.items), ...layout.seats.flatMap((t) => t.items)];
}

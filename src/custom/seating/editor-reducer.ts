/**
 * The floor-plan editor's state as a pure reducer: the layout, the selection and the undo and
 * redo stacks. Every edit is one undo step (moving a multi-selection is one step); selecting
 * and zooming are not edits. New ids come in the actions, so the reducer stays pure and tests
 * can name them.
 */
import {
  MAX_GRID,
  MAX_PLACES,
  type LayoutBar,
  type LayoutTable,
  type PlacedItem,
  type Rotation,
  type VenueLayout,
} from '../../domain/seating/layout';
import { componentOrigin, placeComponent } from '../../domain/seating/placement';

/** Undo keeps this many steps (the brief asks for at least 50). */
export const HISTORY = 100;

export interface EditorState {
  layout: VenueLayout;
  /** Selected table, bar and wall ids. */
  selection: string[];
  past: VenueLayout[];
  future: VenueLayout[];
  /** The stored version the edits start from, and whether there are unsaved edits. */
  version: number;
  dirty: boolean;
  /** The layout as last loaded or saved: undoing back to it leaves nothing unsaved. */
  saved: VenueLayout;
}

export type EditorAction =
  | { type: 'load'; layout: VenueLayout; version: number }
  | { type: 'saved'; version: number }
  | { type: 'setSize'; width: number; height: number }
  /** `stroke`: a further cell of one drag of the wall tool, undone with the rest of the drag. */
  | { type: 'addWall'; id: string; row: number; col: number; stroke?: boolean }
  | { type: 'addTable'; id: string; itemIds: string[]; row: number; col: number; places: number }
  | { type: 'addBar'; id: string; itemIds: string[]; row: number; col: number }
  | { type: 'select'; ids: string[]; additive?: boolean }
  | { type: 'rename'; id: string; name: string }
  | { type: 'setPlaces'; id: string; places: number }
  | { type: 'setAvailable'; id: string; isAvailable: boolean }
  /** Adds one cell to a table or bar (a longer table, an L-shaped bar). */
  | { type: 'addCell'; componentId: string; itemId: string; row: number; col: number }
  /** The brief's "place": the item's top-left cell goes to (row, col), if it fits there. */
  | { type: 'place'; id: string; row: number; col: number }
  | { type: 'move'; ids: string[]; dRow: number; dCol: number }
  | { type: 'rotate'; ids: string[] }
  | { type: 'deleteItem'; itemId: string }
  | { type: 'deleteComponents'; ids: string[] }
  | { type: 'loadComposition'; layout: VenueLayout }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialEditor(layout: VenueLayout, version = 0): EditorState {
  return { layout, selection: [], past: [], future: [], version, dirty: false, saved: layout };
}

const item = (
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

const inside = (l: VenueLayout, i: { row: number; col: number }) =>
  i.row >= 0 && i.col >= 0 && i.row < l.height && i.col < l.width;

function mapComponents(
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
function rotateCells(items: PlacedItem[]): PlacedItem[] {
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

/** The layout after an edit, or null when the edit changes nothing (then no undo step). */
function edit(l: VenueLayout, a: EditorAction): VenueLayout | null {
  switch (a.type) {
    case 'setSize': {
      const width = Math.max(1, Math.min(MAX_GRID, Math.round(a.width)));
      const height = Math.max(1, Math.min(MAX_GRID, Math.round(a.height)));
      return width === l.width && height === l.height ? null : { ...l, width, height };
    }
    case 'addWall':
      if (!inside(l, a)) return null;
      if (l.walls.some((w) => w.row === a.row && w.col === a.col)) return null;
      return { ...l, walls: [...l.walls, item('wall', a.id, a.row, a.col, null)] };
    case 'addTable': {
      const name = nextName('T', l.seats.map((t) => t.name).concat(l.seats.map((t) => t.identifier)));
      const parent = { id: a.id, name, identifier: name };
      const cells = a.itemIds.map((id, i) => item('table', id, a.row, a.col + i, parent));
      if (!cells.every((c) => inside(l, c))) return null;
      const table: LayoutTable = { ...parent, isAvailable: true, places: a.places, items: cells };
      return { ...l, seats: [...l.seats, table] };
    }
    case 'addBar': {
      const name = nextName(
        'Bar ',
        l.bars.map((b) => b.name),
      );
      const parent = { id: a.id, name, identifier: name.replace(' ', '') };
      const cells = a.itemIds.map((id, i) => item('bar', id, a.row, a.col + i, parent));
      if (!cells.every((c) => inside(l, c))) return null;
      const bar: LayoutBar = { ...parent, items: cells };
      return { ...l, bars: [...l.bars, bar] };
    }
    case 'rename': {
      const name = a.name.trim();
      if (!name) return null;
      const rename = <T extends { id: string; name: string; items: PlacedItem[] }>(c: T): T =>
        c.id === a.id && c.name !== name
          ? { ...c, name, items: c.items.map((i) => ({ ...i, name, parentName: name })) }
          : c;
      const next = { ...l, seats: l.seats.map(rename), bars: l.bars.map(rename) };
      return next.seats.some((t, i) => t !== l.seats[i]) || next.bars.some((b, i) => b !== l.bars[i]) ? next : null;
    }
    case 'setPlaces': {
      const places = Math.max(1, Math.min(MAX_PLACES, Math.round(a.places)));
      if (!l.seats.some((t) => t.id === a.id && t.places !== places)) return null;
      return { ...l, seats: l.seats.map((t) => (t.id === a.id ? { ...t, places } : t)) };
    }
    case 'setAvailable':
      if (!l.seats.some((t) => t.id === a.id && t.isAvailable !== a.isAvailable)) return null;
      return { ...l, seats: l.seats.map((t) => (t.id === a.id ? { ...t, isAvailable: a.isAvailable } : t)) };
    case 'place': {
      const placed = placeComponent(l, a.id, a.row, a.col);
      const origin = componentOrigin(l, a.id);
      return placed.ok && (origin?.row !== a.row || origin.col !== a.col) ? placed.layout : null;
    }
    case 'addCell': {
      if (!inside(l, a)) return null;
      const add = <T extends { id: string; name: string; identifier: string; items: PlacedItem[] }>(
        c: T,
        type: PlacedItem['type'],
      ): T =>
        c.id === a.componentId && !c.items.some((i) => i.row === a.row && i.col === a.col)
          ? { ...c, items: [...c.items, item(type, a.itemId, a.row, a.col, c)] }
          : c;
      const next = { ...l, seats: l.seats.map((t) => add(t, 'table')), bars: l.bars.map((b) => add(b, 'bar')) };
      return next.seats.some((t, i) => t !== l.seats[i]) || next.bars.some((b, i) => b !== l.bars[i]) ? next : null;
    }
    case 'move': {
      const ids = new Set(a.ids);
      if (!ids.size || (a.dRow === 0 && a.dCol === 0)) return null;
      const moved = mapComponents(l, ids, (items) =>
        items.map((i) => ({ ...i, row: i.row + a.dRow, col: i.col + a.dCol })),
      );
      // A move that would push anything off the floor does not happen.
      const all = [...moved.walls, ...moved.seats.flatMap((t) => t.items), ...moved.bars.flatMap((b) => b.items)];
      return all.every((i) => inside(moved, i)) ? moved : null;
    }
    case 'rotate': {
      const ids = new Set(a.ids);
      if (!ids.size) return null;
      const turned = mapComponents(l, ids, (items) => (items[0]?.type === 'wall' ? items : rotateCells(items)));
      const all = [...turned.seats.flatMap((t) => t.items), ...turned.bars.flatMap((b) => b.items)];
      return all.every((i) => inside(turned, i)) ? turned : null;
    }
    case 'deleteItem': {
      const drop = <T extends { items: PlacedItem[] }>(c: T): T =>
        c.items.some((i) => i.id === a.itemId) ? { ...c, items: c.items.filter((i) => i.id !== a.itemId) } : c;
      const next = {
        ...l,
        walls: l.walls.filter((w) => w.id !== a.itemId),
        // A component whose last cell goes is gone too.
        seats: l.seats.map(drop).filter((t) => t.items.length > 0),
        bars: l.bars.map(drop).filter((b) => b.items.length > 0),
      };
      const count = (x: VenueLayout) =>
        x.walls.length +
        x.seats.reduce((n, t) => n + t.items.length, 0) +
        x.bars.reduce((n, b) => n + b.items.length, 0);
      return count(next) === count(l) ? null : next;
    }
    case 'deleteComponents': {
      const ids = new Set(a.ids);
      const next = {
        ...l,
        walls: l.walls.filter((w) => !ids.has(w.id)),
        seats: l.seats.filter((t) => !ids.has(t.id)),
        bars: l.bars.filter((b) => !ids.has(b.id)),
      };
      return next.walls.length + next.seats.length + next.bars.length ===
        l.walls.length + l.seats.length + l.bars.length
        ? null
        : next;
    }
    case 'loadComposition':
      return a.layout;
    default:
      return null;
  }
}

/** Ids that still exist in the layout. */
function existing(l: VenueLayout, ids: string[]): string[] {
  const known = new Set([...l.walls.map((w) => w.id), ...l.seats.map((t) => t.id), ...l.bars.map((b) => b.id)]);
  return ids.filter((id) => known.has(id));
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditor(action.layout, action.version);
    case 'saved':
      return { ...state, version: action.version, dirty: false, saved: state.layout };
    case 'select': {
      if (!action.additive) return { ...state, selection: action.ids };
      const current = new Set(state.selection);
      for (const id of action.ids) {
        if (current.has(id)) current.delete(id);
        else current.add(id);
      }
      return { ...state, selection: [...current] };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return {
        ...state,
        layout: previous,
        past: state.past.slice(0, -1),
        future: [state.layout, ...state.future],
        selection: existing(previous, state.selection),
        dirty: previous !== state.saved,
      };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return {
        ...state,
        layout: next,
        past: [...state.past, state.layout].slice(-HISTORY),
        future: state.future.slice(1),
        selection: existing(next, state.selection),
        dirty: next !== state.saved,
      };
    }
    default: {
      const layout = edit(state.layout, action);
      if (!layout) return state;
      const added = action.type === 'addTable' || action.type === 'addBar' ? [action.id] : null;
      return {
        ...state,
        layout,
        past: action.type === 'addWall' && action.stroke ? state.past : [...state.past, state.layout].slice(-HISTORY),
        future: [],
        selection: added ?? existing(layout, state.selection),
        dirty: true,
      };
    }
  }
}

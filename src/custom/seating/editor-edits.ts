/**
 * The floor-plan editor's edits: each action that changes the layout, as a pure function of the
 * layout before it. editor-reducer.ts turns an edit into one undo step.
 */
import {
  MAX_GRID,
  MAX_PLACES,
  type LayoutBar,
  type LayoutTable,
  type PlacedItem,
  type VenueLayout,
} from '../../domain/seating/layout';
import { componentOrigin, placeComponent, shiftComponents } from '../../domain/seating/placement';
import { inside, item, mapComponents, nextName, rotateCells } from './editor-cells';
import type { EditorAction } from './editor-state';

/** The layout after an edit, or null when the edit changes nothing (then no undo step). */
export function edit(l: VenueLayout, a: EditorAction): VenueLayout | null {
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
      // Arrow keys and a drag's drop: the one rule of moving (placement.ts shiftComponents), no
      // step off the floor nor onto another table, bar or wall; a refused drop snaps back.
      const ids = new Set(a.ids);
      if (!ids.size || (a.dRow === 0 && a.dCol === 0)) return null;
      const moved = shiftComponents(l, ids, a.dRow, a.dCol);
      return moved.ok ? moved.layout : null;
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

/**
 * The floor-plan editor's state and the actions that change it (editor-reducer.ts applies
 * them). New ids come in the actions, so the reducer stays pure and tests can name them.
 */
import type { VenueLayout } from '../../domain/seating/layout';

/** 'cell' adds a cell to the one selected table or bar; 'erase' removes the cell clicked (the brief's "delete item"). */
export type Tool = 'select' | 'wall' | 'table' | 'bar' | 'cell' | 'erase';

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
  /**
   * The server stored `layout` (the plan as it was when Save was pressed) as `version`. Edits
   * made while the save was on its way are not in it, so they stay unsaved.
   */
  | { type: 'saved'; version: number; layout: VenueLayout }
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

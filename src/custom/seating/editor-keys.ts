/**
 * The editor's keys, on the box around the plan: arrows move the selection a cell (refused, as a
 * drag's drop is, off the floor or onto another item: the 'move' edit), R rotates it,
 * Delete removes it, Ctrl/⌘+Z undoes (with Shift, or Ctrl+Y, redoes), Escape clears the
 * selection. Keys typed into a field of the panels are left to the field.
 */
import type { Dispatch, KeyboardEvent } from 'react';
import type { EditorAction } from './editor-reducer';

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export function editorKeys(selection: string[], dispatch: Dispatch<EditorAction>, remove: () => void) {
  return (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input, textarea, [role="combobox"]')) return;
    const key = e.key;
    const mod = e.ctrlKey || e.metaKey;
    const arrow = ARROWS[key];
    if (arrow && selection.length) dispatch({ type: 'move', ids: selection, dRow: arrow[0], dCol: arrow[1] });
    else if ((key === 'r' || key === 'R') && !mod && selection.length) dispatch({ type: 'rotate', ids: selection });
    else if (key === 'Delete' || key === 'Backspace') remove();
    else if (mod && (key === 'z' || key === 'Z')) dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
    else if (mod && (key === 'y' || key === 'Y')) dispatch({ type: 'redo' });
    else if (key === 'Escape') dispatch({ type: 'select', ids: [] });
    else return;
    e.preventDefault();
  };
}

/**
 * The floor-plan editor's state as a pure reducer: the layout, the selection and the undo and
 * redo stacks. Every edit is one undo step (moving a multi-selection is one step); selecting
 * and zooming are not edits. The state and actions are in editor-state.ts, the edits themselves
 * in editor-edits.ts.
 */
import { existing } from './editor-cells';
import { edit } from './editor-edits';
import { HISTORY, initialEditor, type EditorAction, type EditorState } from './editor-state';

export { HISTORY, initialEditor, type EditorAction, type EditorState } from './editor-state';
export { nextName } from './editor-cells';

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditor(action.layout, action.version);
    case 'saved':
      return { ...state, version: action.version, dirty: state.layout !== action.layout, saved: action.layout };
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

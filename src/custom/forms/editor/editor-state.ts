/**
 * The form editor's state: the draft's fields, the selected one, and the recent edits to undo
 * (the product brief's form builder: undo of recent edits). Pure, so the editor's rules are
 * unit-tested without a screen. Typing in one property of one field is one step of undo: a run of
 * changes to the same property is merged, so Undo takes back a word, not a letter.
 */
import { FORM_FILE, type FieldType, type FormField } from '../../../domain/forms/definition';
import type { StoredField } from '../../../domain/forms/wire';

export const UNDO_DEPTH = 30;

export interface EditorState {
  fields: FormField[];
  selected: string | null;
  past: FormField[][];
  future: FormField[][];
  /** What the last change touched ('key:label'), to merge a run of typing into one step. */
  lastTouch: string | null;
  /** The fields differ from the draft last saved. */
  dirty: boolean;
}

export type EditorAction =
  | { type: 'load'; fields: FormField[] }
  /**
   * The server stored `fields` (the form as it was when Save was pressed). Edits made while the
   * save was on its way are not in it, so they stay unsaved.
   */
  | { type: 'saved'; fields: FormField[] }
  | { type: 'add'; fieldType: FieldType; key: string; label: string }
  | { type: 'update'; key: string; patch: Partial<FormField> }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; to: number }
  | { type: 'select'; key: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

export const initialEditor = (fields: FormField[] = []): EditorState => ({
  fields,
  selected: fields[0]?.key ?? null,
  past: [],
  future: [],
  lastTouch: null,
  dirty: false,
});

/** A key not used yet: text_1, text_2… */
export function freshKey(fields: readonly FormField[], base: string): string {
  const used = new Set(fields.map((f) => f.key));
  for (let n = 1; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/**
 * A new field with every property set, so it is both a draft's field and a stored version's
 * (StoredField, what the screens read back): the tests build their fields with it too.
 */
export function blankField(type: FieldType, key: string, label: string): StoredField {
  return {
    key,
    type,
    label,
    help: '',
    required: false,
    min: null,
    max: null,
    pattern: null,
    options: type === 'select' || type === 'multiSelect' ? ['Option 1', 'Option 2'] : [],
    showIf: null,
    requiredIf: null,
    param: type === 'hidden' ? key : null,
    // A new file field takes every type the server can tell apart; the builder unticks some.
    accept: type === 'file' ? [...FORM_FILE.types] : [],
  };
}

function change(state: EditorState, fields: FormField[], touch: string | null = null): EditorState {
  const merge = touch !== null && touch === state.lastTouch;
  return {
    ...state,
    fields,
    past: merge ? state.past : [...state.past, state.fields].slice(-UNDO_DEPTH),
    future: [],
    lastTouch: touch,
    dirty: true,
  };
}

/** Conditions that looked at a field no longer above them are dropped with it. */
function keepConditionsValid(fields: FormField[]): FormField[] {
  const above = new Set<string>();
  return fields.map((f) => {
    const ok = (c: FormField['showIf']) => (c && above.has(c.field) ? c : null);
    const next = { ...f, showIf: ok(f.showIf), requiredIf: ok(f.requiredIf) };
    above.add(f.key);
    return next;
  });
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditor(action.fields);
    case 'saved':
      return { ...state, dirty: state.fields !== action.fields, lastTouch: null };
    case 'select':
      return { ...state, selected: action.key, lastTouch: null };
    case 'add': {
      const next = change(state, [...state.fields, blankField(action.fieldType, action.key, action.label)]);
      return { ...next, selected: action.key };
    }
    case 'update': {
      const renamed = action.patch.key !== undefined && action.patch.key !== action.key;
      // A renamed key: the conditions that looked at it follow it.
      const follow = (c: FormField['showIf']) =>
        renamed && c?.field === action.key ? { ...c, field: action.patch.key! } : c;
      const fields = state.fields.map((f) =>
        f.key === action.key
          ? { ...f, ...action.patch }
          : { ...f, showIf: follow(f.showIf), requiredIf: follow(f.requiredIf) },
      );
      const touch = `${action.key}:${Object.keys(action.patch).join(',')}`;
      const next = change(state, renamed ? keepConditionsValid(fields) : fields, renamed ? null : touch);
      return renamed ? { ...next, selected: action.patch.key! } : next;
    }
    case 'remove': {
      const index = state.fields.findIndex((f) => f.key === action.key);
      const fields = keepConditionsValid(state.fields.filter((f) => f.key !== action.key));
      const next = change(state, fields);
      return { ...next, selected: fields[Math.min(index, fields.length - 1)]?.key ?? null };
    }
    case 'move': {
      const from = state.fields.findIndex((f) => f.key === action.key);
      const to = Math.max(0, Math.min(state.fields.length - 1, action.to));
      if (from < 0 || from === to) return state;
      const fields = [...state.fields];
      fields.splice(to, 0, ...fields.splice(from, 1));
      return change(state, keepConditionsValid(fields));
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        fields: previous,
        past: state.past.slice(0, -1),
        future: [state.fields, ...state.future],
        lastTouch: null,
        dirty: true,
        selected: previous.some((f) => f.key === state.selected) ? state.selected : (previous[0]?.key ?? null),
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        ...state,
        fields: next,
        past: [...state.past, state.fields],
        future: rest,
        lastTouch: null,
        dirty: true,
        selected: next.some((f) => f.key === state.selected) ? state.selected : (next[0]?.key ?? null),
      };
    }
  }
}

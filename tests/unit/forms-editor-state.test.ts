// @vitest-environment node
/** The form editor's state (src/custom/forms/editor/editor-state.ts): adding, moving, removing, and undo. */
import { describe, expect, it } from 'vitest';
import { editorReducer, freshKey, initialEditor, type EditorAction } from '../../src/custom/forms/editor/editor-state';

const run = (...actions: EditorAction[]) => actions.reduce(editorReducer, initialEditor());
const keys = (s: ReturnType<typeof run>) => s.fields.map((f) => f.key);

describe('the form editor', () => {
  it('adds fields with fresh keys and selects the new one', () => {
    const s = run(
      { type: 'add', fieldType: 'shortText', key: 'short_text_1', label: 'Name' },
      { type: 'add', fieldType: 'select', key: 'select_1', label: 'Pick' },
    );
    expect(keys(s)).toEqual(['short_text_1', 'select_1']);
    expect(s.selected).toBe('select_1');
    expect(s.fields[1]!.options).toHaveLength(2);
    expect(freshKey(s.fields, 'short_text')).toBe('short_text_2');
    expect(s.dirty).toBe(true);
  });

  it('moves a field and drops a condition that would look at a field below', () => {
    const s = run(
      { type: 'add', fieldType: 'checkbox', key: 'a', label: 'A' },
      { type: 'add', fieldType: 'shortText', key: 'b', label: 'B' },
      { type: 'update', key: 'b', patch: { showIf: { field: 'a', op: 'equals', value: 'true' } } },
      { type: 'move', key: 'b', to: 0 },
    );
    expect(keys(s)).toEqual(['b', 'a']);
    expect(s.fields[0]!.showIf).toBeNull();
  });

  it('undoes a run of typing in one property as one step, and redoes it', () => {
    let s = run({ type: 'add', fieldType: 'shortText', key: 'a', label: 'A' });
    for (const label of ['N', 'Na', 'Nam', 'Name'])
      s = editorReducer(s, { type: 'update', key: 'a', patch: { label } });
    s = editorReducer(s, { type: 'update', key: 'a', patch: { required: true } });
    s = editorReducer(s, { type: 'undo' });
    expect(s.fields[0]).toMatchObject({ label: 'Name', required: false });
    s = editorReducer(s, { type: 'undo' });
    expect(s.fields[0]!.label).toBe('A');
    s = editorReducer(s, { type: 'undo' });
    expect(s.fields).toEqual([]);
    s = editorReducer(editorReducer(s, { type: 'redo' }), { type: 'redo' });
    expect(s.fields[0]!.label).toBe('Name');
  });

  it('renames a key, the conditions on it following', () => {
    const s = run(
      { type: 'add', fieldType: 'select', key: 'a', label: 'A' },
      { type: 'add', fieldType: 'shortText', key: 'b', label: 'B' },
      { type: 'update', key: 'b', patch: { showIf: { field: 'a', op: 'filled', value: '' } } },
      { type: 'update', key: 'a', patch: { key: 'topic' } },
    );
    expect(s.selected).toBe('topic');
    expect(s.fields[1]!.showIf).toEqual({ field: 'topic', op: 'filled', value: '' });
    const removed = editorReducer(s, { type: 'remove', key: 'topic' });
    expect(keys(removed)).toEqual(['b']);
    expect(removed.fields[0]!.showIf).toBeNull();
    expect(removed.selected).toBe('b');
  });

  it('keeps an edit made while a save is on its way unsaved', () => {
    const before = run({ type: 'add', fieldType: 'shortText', key: 'a', label: 'A' });
    // Save pressed with these fields; a field is added before the server answers.
    const sent = before.fields;
    const edited = editorReducer(before, { type: 'add', fieldType: 'shortText', key: 'b', label: 'B' });
    expect(editorReducer(edited, { type: 'saved', fields: sent }).dirty).toBe(true);
    expect(editorReducer(before, { type: 'saved', fields: sent }).dirty).toBe(false);
  });
});

// @vitest-environment node
/** The floor-plan editor's pure state (edits, selection, undo and redo) and the layout's rules. */
import { describe, expect, it } from 'vitest';
import { starterComposition } from '../../src/domain/seating/compositions';
import {
  cellsTouch,
  defaultLayout,
  layoutIssues,
  layoutTables,
  saveLayoutSchema,
  venueLayoutSchema,
} from '../../src/domain/seating/layout';
import {
  editorReducer,
  HISTORY,
  initialEditor,
  nextName,
  type EditorAction,
} from '../../src/custom/seating/editor-reducer';
import { fitLabel, floorBox, minLabelFont } from '../../src/custom/seating/floor-geometry';
import { placeComponent } from '../../src/domain/seating/placement';

const run = (actions: EditorAction[], start = initialEditor(defaultLayout())) => actions.reduce(editorReducer, start);

describe('layout rules', () => {
  it('accepts the default and the starter floor; lists the starter tables', () => {
    let n = 0;
    const starter = starterComposition(() => `s${++n}`);
    expect(venueLayoutSchema.safeParse(defaultLayout()).success).toBe(true);
    expect(layoutIssues(starter)).toEqual([]);
    expect(
      layoutTables(starter)
        .map((t) => `${t.name}:${t.places}`)
        .join(' '),
    ).toBe('T1:4 T2:4 T3:4 T4:4 T5:2 T6:2 T7:2 T8:2 T9:8 T10:6');
  });

  it("refuses a saved version the version column cannot hold, naming the field (a 400 without a name before: the database's out-of-range error)", () => {
    const says = (version: number) => {
      const r = saveLayoutSchema.safeParse({ version, layout: defaultLayout() });
      return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(says(2 ** 31 - 1)).toBe('ok');
    expect(says(2 ** 31)).toEqual(['version: Must be at most 2147483647']);
    expect(says(Number.MAX_SAFE_INTEGER)).toEqual(['version: Must be at most 2147483647']);
  });

  it('names the item each broken rule is about', () => {
    const s = run([
      { type: 'addTable', id: 'a', itemIds: ['a1', 'a2'], row: 0, col: 0, places: 4 },
      { type: 'addTable', id: 'b', itemIds: ['b1'], row: 2, col: 0, places: 2 },
      { type: 'addWall', id: 'w', row: 5, col: 5 },
    ]);
    const l = structuredClone(s.layout);
    l.seats[1]!.items[0]!.row = 0;
    expect(layoutIssues(l).map((i) => i.message)).toEqual(['Tables T1 and T2 overlap']);
    l.seats[1]!.items[0]!.row = 5;
    l.seats[1]!.items[0]!.col = 5;
    expect(layoutIssues(l).map((i) => i.message)).toEqual(['Table T2 stands on a wall']);
    l.seats[1]!.items[0]!.col = 12;
    l.seats[0]!.places = 0;
    expect(layoutIssues(l).map((i) => i.message)).toEqual([
      'Table T1 needs 1 to 40 places',
      'Table T2 is outside the floor',
    ]);
  });

  it("keeps a table's or a bar's cells in one piece: a cell added apart, or a middle one erased, is named", () => {
    const s = run([
      { type: 'addTable', id: 'a', itemIds: ['a1', 'a2'], row: 0, col: 0, places: 4 },
      { type: 'addBar', id: 'b', itemIds: ['b1', 'b2', 'b3'], row: 6, col: 0 },
    ]);
    expect(layoutIssues(s.layout)).toEqual([]);
    const [first] = s.layout.seats[0]!.items;
    const beside = run([{ type: 'addCell', componentId: 'a', itemId: 'a3', row: first!.row + 1, col: first!.col }], s);
    expect(layoutIssues(beside.layout)).toEqual([]);
    const apart = run([{ type: 'addCell', componentId: 'a', itemId: 'a4', row: 4, col: 9 }], s);
    expect(layoutIssues(apart.layout).map((i) => i.message)).toEqual(['The places of table T1 must touch each other']);
    const cut = run([{ type: 'deleteItem', itemId: 'b2' }], s);
    expect(layoutIssues(cut.layout).map((i) => i.message)).toEqual(['The parts of bar Bar 1 must touch each other']);
    expect(
      cellsTouch([
        { row: 0, col: 0 },
        { row: 1, col: 1 },
      ]),
    ).toBe(false); // corners do not touch
  });
});

describe('editor reducer', () => {
  it('adds walls, tables and bars with the next free names, selecting what was added', () => {
    const s = run([
      { type: 'addWall', id: 'w1', row: 0, col: 0 },
      { type: 'addWall', id: 'w2', row: 0, col: 0 },
      { type: 'addTable', id: 't1', itemIds: ['i1', 'i2'], row: 2, col: 2, places: 4 },
      { type: 'addTable', id: 't2', itemIds: ['i3'], row: 4, col: 2, places: 2 },
      { type: 'addBar', id: 'b1', itemIds: ['i4', 'i5', 'i6'], row: 6, col: 0 },
      { type: 'addTable', id: 'off', itemIds: ['i7', 'i8'], row: 0, col: 11, places: 2 },
    ]);
    expect(s.layout.walls).toHaveLength(1);
    expect(s.layout.seats.map((t) => t.name)).toEqual(['T1', 'T2']);
    expect(s.layout.bars[0]).toMatchObject({ name: 'Bar 1', identifier: 'Bar1' });
    expect(s.selection).toEqual(['b1']);
    expect(s.past).toHaveLength(4);
    expect(nextName('T', ['T1', 'T7', 'x'])).toBe('T8');
  });

  it('moves a multi-selection as one undo step, refuses to push it off the floor, undoes and redoes', () => {
    const s = run([
      { type: 'addTable', id: 't1', itemIds: ['i1'], row: 2, col: 2, places: 4 },
      { type: 'addTable', id: 't2', itemIds: ['i2'], row: 3, col: 3, places: 2 },
      { type: 'addWall', id: 'w', row: 5, col: 5 },
      { type: 'select', ids: ['t1'] },
      { type: 'select', ids: ['t2', 'w'], additive: true },
      { type: 'move', ids: ['t1', 't2', 'w'], dRow: 1, dCol: -1 },
    ]);
    expect(s.selection).toEqual(['t1', 't2', 'w']);
    expect(s.layout.seats.map((t) => [t.items[0]!.row, t.items[0]!.col])).toEqual([
      [3, 1],
      [4, 2],
    ]);
    expect(s.layout.walls[0]).toMatchObject({ row: 6, col: 4 });
    const blocked = editorReducer(s, { type: 'move', ids: s.selection, dRow: 0, dCol: -2 });
    expect(blocked).toBe(s);
    const undone = editorReducer(s, { type: 'undo' });
    expect(undone.layout.seats[0]!.items[0]).toMatchObject({ row: 2, col: 2 });
    expect(undone.layout.walls[0]).toMatchObject({ row: 5, col: 5 });
    const redone = editorReducer(undone, { type: 'redo' });
    expect(redone.layout).toEqual(s.layout);
    // A new edit after an undo drops the redo stack.
    const branched = editorReducer(undone, { type: 'rename', id: 't1', name: 'Window' });
    expect(branched.future).toEqual([]);
    expect(branched.layout.seats[0]!.items[0]!.parentName).toBe('Window');
  });

  it('rotates a table a quarter turn about its corner; adds and deletes cells and components', () => {
    let s = run([
      { type: 'addTable', id: 't1', itemIds: ['a', 'b', 'c'], row: 1, col: 1, places: 6 },
      { type: 'rotate', ids: ['t1'] },
    ]);
    expect(s.layout.seats[0]!.items.map((i) => [i.row, i.col, i.rotation])).toEqual([
      [1, 1, 90],
      [2, 1, 90],
      [3, 1, 90],
    ]);
    s = editorReducer(s, { type: 'addCell', componentId: 't1', itemId: 'd', row: 3, col: 2 });
    expect(s.layout.seats[0]!.items).toHaveLength(4);
    s = editorReducer(s, { type: 'deleteItem', itemId: 'a' });
    expect(s.layout.seats[0]!.items.map((i) => i.id)).toEqual(['b', 'c', 'd']);
    s = editorReducer(s, { type: 'deleteComponents', ids: ['t1'] });
    expect(s.layout.seats).toEqual([]);
    expect(s.selection).toEqual([]);
  });

  it(`keeps ${HISTORY} undo steps; selection and load are not steps; save clears dirty`, () => {
    let s = initialEditor({ ...defaultLayout(), width: 40 }, 3);
    for (let i = 0; i < HISTORY + 20; i++)
      s = editorReducer(s, { type: 'addWall', id: `w${i}`, row: i % 8, col: Math.floor(i / 8) });
    expect(s.past).toHaveLength(HISTORY);
    expect(s.dirty).toBe(true);
    s = editorReducer(s, { type: 'select', ids: ['w1'] });
    expect(s.past).toHaveLength(HISTORY);
    for (let i = 0; i < HISTORY; i++) s = editorReducer(s, { type: 'undo' });
    expect(s.layout.walls).toHaveLength(20);
    expect(editorReducer(s, { type: 'undo' })).toBe(s);
    s = editorReducer(s, { type: 'saved', version: 4, layout: s.layout });
    expect(s).toMatchObject({ version: 4, dirty: false });
    const loaded = editorReducer(s, { type: 'load', layout: defaultLayout(), version: 5 });
    expect(loaded).toMatchObject({ version: 5, dirty: false, past: [], future: [], selection: [] });
  });

  it('an edit made while a save is on its way stays unsaved: the save marks saved only the plan it sent', () => {
    let s = run([{ type: 'addWall', id: 'w0', row: 0, col: 0 }], initialEditor(defaultLayout(), 1));
    const sent = s.layout;
    // The owner draws another wall before the server answers the save of the first.
    s = editorReducer(s, { type: 'addWall', id: 'w1', row: 0, col: 1 });
    s = editorReducer(s, { type: 'saved', version: 2, layout: sent });
    expect(s).toMatchObject({ version: 2, dirty: true });
    expect(s.layout.walls).toHaveLength(2);
    // Undoing the late wall comes back to what was saved: nothing left unsaved.
    s = editorReducer(s, { type: 'undo' });
    expect(s).toMatchObject({ dirty: false });
    expect(s.layout).toBe(sent);
  });

  it('a wall drawn in one drag is one undo step; undoing back to the saved plan leaves nothing unsaved', () => {
    let s = run([
      { type: 'addWall', id: 'w0', row: 0, col: 0 },
      { type: 'addWall', id: 'w1', row: 0, col: 1, stroke: true },
      { type: 'addWall', id: 'w2', row: 0, col: 2, stroke: true },
    ]);
    expect(s.layout.walls).toHaveLength(3);
    expect(s.past).toHaveLength(1);
    s = editorReducer(s, { type: 'undo' });
    expect(s.layout.walls).toEqual([]);
    expect(s.dirty).toBe(false);
    s = editorReducer(s, { type: 'redo' });
    expect(s).toMatchObject({ dirty: true });
    expect(s.layout.walls).toHaveLength(3);
  });
});

describe('place at a typed cell', () => {
  const floor = () =>
    run([
      { type: 'addTable', id: 't1', itemIds: ['a', 'b'], row: 0, col: 0, places: 4 },
      { type: 'addTable', id: 't2', itemIds: ['c'], row: 4, col: 4, places: 2 },
      { type: 'addBar', id: 'b1', itemIds: ['d', 'e', 'f'], row: 7, col: 0 },
      { type: 'addWall', id: 'w', row: 2, col: 6 },
    ]);

  it('puts the item top-left at the cell as one undo step; the same cell is no step', () => {
    const s = floor();
    const placed = editorReducer(s, { type: 'place', id: 't1', row: 3, col: 9 });
    expect(placed.layout.seats[0]!.items.map((i) => [i.row, i.col])).toEqual([
      [3, 9],
      [3, 10],
    ]);
    expect(placed.past).toHaveLength(s.past.length + 1);
    expect(editorReducer(placed, { type: 'undo' }).layout).toEqual(s.layout);
    expect(editorReducer(placed, { type: 'place', id: 't1', row: 3, col: 9 })).toBe(placed);
    const wall = editorReducer(s, { type: 'place', id: 'w', row: 0, col: 11 });
    expect(wall.layout.walls[0]).toMatchObject({ row: 0, col: 11 });
  });

  it('refuses a cell off the floor or taken, saying which and why, and changes nothing', () => {
    const s = floor();
    const why = (id: string, row: number, col: number) => {
      const r = placeComponent(s.layout, id, row, col);
      return r.ok ? 'ok' : r.message;
    };
    expect(why('t1', 0, 11)).toBe('T1 does not fit at row 1, column 12: the floor is 12 × 8 cells');
    expect(why('t1', -1, 0)).toBe('T1 does not fit at row 0, column 1: the floor is 12 × 8 cells');
    expect(why('t1', 4, 3)).toBe('T1 cannot go to row 5, column 5: T2 is there');
    expect(why('t1', 2, 5)).toBe('T1 cannot go to row 3, column 7: there is a wall there');
    expect(why('t2', 7, 2)).toBe('T2 cannot go to row 8, column 3: Bar 1 is there');
    expect(why('w', 0, 1)).toBe('A wall cannot go to row 1, column 2: T1 stands there');
    expect(why('w', 8, 0)).toBe('The wall at row 9, column 1 is outside the floor');
    expect(why('t1', 0.5, 0)).toBe('Invalid value');
    // Overlapping only its own old cells is fine.
    expect(why('t1', 0, 1)).toBe('ok');
    expect(editorReducer(s, { type: 'place', id: 't1', row: 4, col: 3 })).toBe(s);
  });
});

describe('moving by arrow keys or by dragging', () => {
  // Both end in the 'move' edit (editor-keys.ts, use-drag-lift.ts's drop), checked by the rule
  // "Place at" applies (placement.ts shiftComponents): on the floor, on no cell another item covers.
  const floor = () =>
    run([
      { type: 'addTable', id: 't1', itemIds: ['a', 'b'], row: 0, col: 0, places: 4 },
      { type: 'addTable', id: 't2', itemIds: ['c'], row: 1, col: 1, places: 2 },
      { type: 'addWall', id: 'w', row: 0, col: 3 },
      { type: 'select', ids: ['t1'] },
    ]);
  const nudge = (s: ReturnType<typeof floor>, dRow: number, dCol: number) =>
    editorReducer(s, { type: 'move', ids: s.selection, dRow, dCol });

  it('refuses a move onto another table or a wall, as Place at does, and changes nothing', () => {
    const s = floor();
    // Down one: T1's second cell would cover T2's. Right two: onto the wall.
    expect(nudge(s, 1, 0)).toBe(s);
    expect(placeComponent(s.layout, 't1', 1, 0)).toMatchObject({ ok: false });
    const right = nudge(s, 0, 1);
    expect(right.layout.seats[0]!.items.map((i) => [i.row, i.col])).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(nudge(right, 0, 1)).toBe(right);
    expect(layoutIssues(right.layout)).toEqual([]);
    // Moving T1 and T2 together is no overlap: each leaves the other's cells.
    const both = editorReducer(editorReducer(s, { type: 'select', ids: ['t2'], additive: true }), {
      type: 'move',
      ids: ['t1', 't2'],
      dRow: 1,
      dCol: 0,
    });
    expect(both.layout.seats.map((t) => t.items.map((i) => [i.row, i.col]))).toEqual([
      [
        [1, 0],
        [1, 1],
      ],
      [[2, 1]],
    ]);
  });

  it('lets a table that already overlaps another (an older plan) move out of it', () => {
    const s = floor();
    const l = structuredClone(s.layout);
    l.seats[1]!.items[0]!.row = 0;
    const overlapping = initialEditor(l);
    expect(layoutIssues(l).map((i) => i.message)).toEqual(['Tables T1 and T2 overlap']);
    // T1 (row 1, columns 1-2) slides right off T2 (row 1, column 2) a cell at a time: the first
    // step still covers the cell it already shared, which is no new overlap; the wall still stops it.
    const step = editorReducer(overlapping, { type: 'move', ids: ['t1'], dRow: 0, dCol: 1 });
    expect(step.layout.seats[0]!.items.map((i) => [i.row, i.col])).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(editorReducer(step, { type: 'move', ids: ['t1'], dRow: 0, dCol: 1 })).toBe(step);
    const down = editorReducer(step, { type: 'move', ids: ['t1'], dRow: 1, dCol: 0 });
    expect(layoutIssues(down.layout)).toEqual([]);
  });
});

describe('table labels', () => {
  // A stand-in for the canvas: every character is 0.6 of the font size wide.
  const measure = (text: string, size: number) => text.length * size * 0.6;

  it('keep every line when they fit, shrinking the font first', () => {
    expect(fitLabel(['T1', '4 places'], 80, 40, measure)).toEqual({ text: 'T1\n4 places', fontSize: 13, cut: false });
    expect(fitLabel(['T1', '4 places'], 60, 40, measure)).toEqual({ text: 'T1\n4 places', fontSize: 10, cut: false });
  });

  it('on a one-cell table keep the name whole and drop the places, or cut a long name', () => {
    expect(fitLabel(['T5', '2 places'], 40, 40, measure)).toEqual({ text: 'T5', fontSize: 13, cut: true });
    const long = fitLabel(['Window seat by the bar', '2 places'], 40, 40, measure);
    expect(long.fontSize).toBe(7);
    expect(long.cut).toBe(true);
    expect(long.text).toBe('Window…');
    expect(measure(long.text, 7)).toBeLessThanOrEqual(30);
  });

  it('never shrink below what reads at the fitted scale', () => {
    expect(minLabelFont(2.3)).toBe(7);
    expect(minLabelFont(0.75)).toBe(12);
    expect(minLabelFont(0.2)).toBe(16);
    expect(fitLabel(['T5', '2 places'], 40, 40, measure, { min: 12 }).text).toBe('T5');
  });

  it('the zoom bitmap covers the floor and anything left outside it when the floor shrinks', () => {
    const floor = defaultLayout();
    expect(floorBox(floor)).toEqual({ x: 0, y: 0, width: floor.width * 40, height: floor.height * 40 });
    const shrunk = run([
      { type: 'addTable', id: 't', itemIds: ['a', 'b'], row: 2, col: 5, places: 4 },
      { type: 'setSize', width: 3, height: 2 },
    ]).layout;
    // The floor is 3 × 2 now; the table's cells (row 2, columns 5 and 6 or rows 2-3) are still drawn.
    const cells = shrunk.seats.find((s) => s.id === 't')!.items;
    const right = Math.max(...cells.map((i) => i.col)) + 1;
    const bottom = Math.max(...cells.map((i) => i.row)) + 1;
    expect(floorBox(shrunk)).toEqual({ x: 0, y: 0, width: right * 40, height: bottom * 40 });
    expect(right > 3 && bottom > 2).toBe(true);
  });
});

// @vitest-environment node
/**
 * The file tree's windowing (src/custom/files/use-row-window.ts): the rows drawn are the window
 * and the pinned rows (focus, drag), in order, and the gaps between them add up to the rows not
 * drawn, so the tree keeps its full height.
 */
import { describe, expect, it } from 'vitest';
import { windowParts, type WindowPart } from '../../src/custom/files/use-row-window';

const drawn = (parts: WindowPart[]) => parts.flatMap((p) => (p.kind === 'row' ? [p.index] : []));
const total = (parts: WindowPart[]) => parts.reduce((sum, p) => sum + (p.kind === 'row' ? 1 : p.rows), 0);

describe('file tree windowing', () => {
  it('draws the window and stands gaps in for the rest', () => {
    const parts = windowParts(10_000, 100, 160, [120]);
    expect(drawn(parts)).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
    expect(parts[0]).toEqual({ kind: 'gap', from: 0, rows: 100 });
    expect(parts.at(-1)).toEqual({ kind: 'gap', from: 160, rows: 9_840 });
    expect(total(parts)).toBe(10_000);
  });

  it('keeps pinned rows drawn in their place, outside the window too', () => {
    const parts = windowParts(1_000, 500, 520, [3, 999, -1]);
    expect(drawn(parts)).toEqual([3, ...Array.from({ length: 20 }, (_, i) => 500 + i), 999]);
    expect(parts.slice(0, 3)).toEqual([
      { kind: 'gap', from: 0, rows: 3 },
      { kind: 'row', index: 3 },
      { kind: 'gap', from: 4, rows: 496 },
    ]);
    expect(total(parts)).toBe(1_000);
  });

  it('draws a short tree whole and an empty one not at all', () => {
    expect(windowParts(5, 0, 60, [0])).toEqual([0, 1, 2, 3, 4].map((index) => ({ kind: 'row', index })));
    expect(windowParts(0, 0, 60, [0])).toEqual([]);
  });
});

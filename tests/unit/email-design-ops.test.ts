// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { EmailDesign } from '../../src/domain/email-templates/blocks';
import { newBlock, newColumnBlock, starterDesign } from '../../src/domain/email-templates/blocks-new';
import { dropBlock } from '../../src/custom/email-templates/visual/design-ops';

/** The starter's blocks, then a columns block: column 1 [L1, L2, L3], column 2 [R1]. */
function design(): EmailDesign {
  const d = starterDesign();
  const columns = newBlock('columns');
  const text = (words: string) => ({ ...newColumnBlock('text'), text: words });
  if (columns.type === 'columns')
    columns.columns = [{ blocks: [text('L1'), text('L2'), text('L3')] }, { blocks: [text('R1')] }];
  d.blocks.push(columns);
  return d;
}
const at = (d: EmailDesign) => d.blocks.length - 1;
const words = (d: EmailDesign) => {
  const block = d.blocks[at(d)]!;
  return block.type === 'columns'
    ? block.columns.map((c) => c.blocks.map((b) => (b.type === 'text' ? b.text : b.type)))
    : [];
};

describe('visual editor: a dragged block', () => {
  it('moves among the top level onto another’s place', () => {
    const d = design();
    const moved = dropBlock(d, { index: at(d) }, { index: 0 });
    expect(moved.blocks[0]!.type).toBe('columns');
    expect(moved.blocks).toHaveLength(d.blocks.length);
  });

  it('moves within its column, down and up, and to the column’s end', () => {
    const d = design();
    const i = at(d);
    expect(words(dropBlock(d, { index: i, column: 0, item: 0 }, { index: i, column: 0, item: 2 }))).toEqual([
      ['L2', 'L3', 'L1'],
      ['R1'],
    ]);
    expect(words(dropBlock(d, { index: i, column: 0, item: 2 }, { index: i, column: 0, item: 0 }))).toEqual([
      ['L3', 'L1', 'L2'],
      ['R1'],
    ]);
    expect(words(dropBlock(d, { index: i, column: 0, item: 0 }, { index: i, column: 0, item: 3 }))).toEqual([
      ['L2', 'L3', 'L1'],
      ['R1'],
    ]);
  });

  it('moves to another column of the same block, onto a place or the end', () => {
    const d = design();
    const i = at(d);
    expect(words(dropBlock(d, { index: i, column: 0, item: 1 }, { index: i, column: 1, item: 0 }))).toEqual([
      ['L1', 'L3'],
      ['L2', 'R1'],
    ]);
    expect(words(dropBlock(d, { index: i, column: 1, item: 0 }, { index: i, column: 0, item: 3 }))).toEqual([
      ['L1', 'L2', 'L3', 'R1'],
      [],
    ]);
  });

  it('leaves the design as it is for a move out of its columns block or into a column', () => {
    const d = design();
    const i = at(d);
    expect(dropBlock(d, { index: i, column: 0, item: 0 }, { index: 0 })).toBe(d);
    expect(dropBlock(d, { index: 0 }, { index: i, column: 0, item: 0 })).toBe(d);
    expect(dropBlock(d, { index: i, column: 0, item: 9 }, { index: i, column: 1, item: 0 })).toEqual(d);
  });
});

/**
 * The visual editor's changes to a design, as pure functions over the block list (the one source
 * of truth: the MJML is made from it). A block is found by its place: a top-level index, and for a
 * block in a column that column and its index there.
 */
import type {
  AnyBlock,
  ColumnBlock,
  ColumnsBlock,
  DesignBlock,
  EmailDesign,
} from '../../../domain/email-templates/blocks';
import { newBlock, newColumnBlock, type StarterWords } from '../../../domain/email-templates/blocks-new';

export interface BlockPlace {
  index: number;
  /** In a columns block: the column, and the block's index in it. */
  column?: number;
  item?: number;
}

export const samePlace = (a: BlockPlace | null, b: BlockPlace | null) =>
  a !== null && b !== null && a.index === b.index && a.column === b.column && a.item === b.item;

const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
};

export function blockAt(design: EmailDesign, place: BlockPlace): AnyBlock | null {
  const top = design.blocks[place.index];
  if (!top || place.column === undefined) return top ?? null;
  if (top.type !== 'columns') return null;
  return top.columns[place.column]?.blocks[place.item ?? -1] ?? null;
}

/** The design with the columns block at `index` changed by `change`. */
function withColumns(design: EmailDesign, index: number, change: (block: ColumnsBlock) => ColumnsBlock): EmailDesign {
  const blocks = design.blocks.map((block, i) => (i === index && block.type === 'columns' ? change(block) : block));
  return { ...design, blocks };
}

function withColumn(design: EmailDesign, place: BlockPlace, change: (blocks: ColumnBlock[]) => ColumnBlock[]) {
  return withColumns(design, place.index, (block) => ({
    ...block,
    columns: block.columns.map((column, c) => (c === place.column ? { blocks: change(column.blocks) } : column)),
  }));
}

export function updateBlock(design: EmailDesign, place: BlockPlace, block: AnyBlock): EmailDesign {
  if (place.column === undefined)
    return { ...design, blocks: design.blocks.map((b, i) => (i === place.index ? (block as DesignBlock) : b)) };
  return withColumn(design, place, (blocks) => blocks.map((b, i) => (i === place.item ? (block as ColumnBlock) : b)));
}

export function removeBlock(design: EmailDesign, place: BlockPlace): EmailDesign {
  if (place.column === undefined) return { ...design, blocks: design.blocks.filter((_, i) => i !== place.index) };
  return withColumn(design, place, (blocks) => blocks.filter((_, i) => i !== place.item));
}

/** The block one place up (-1) or down (+1) in its list; at an end it stays. */
export function moveBlock(design: EmailDesign, place: BlockPlace, by: -1 | 1): EmailDesign {
  if (place.column === undefined) return { ...design, blocks: moved(design.blocks, place.index, place.index + by) };
  return withColumn(design, place, (blocks) => moved(blocks, place.item!, place.item! + by));
}

/**
 * A block dragged onto another's place (it takes that place), or in a column onto the column's
 * end (`item` the column's length). A top-level block moves among the top level; a column's
 * block within its columns block, to the same or another column. Anything else (a column's block
 * out of its columns block, a top-level one into a column) leaves the design as it is: only the
 * column blocks' types may sit in a column.
 */
export function dropBlock(design: EmailDesign, from: BlockPlace, to: BlockPlace): EmailDesign {
  if (from.column === undefined && to.column === undefined)
    return { ...design, blocks: moved(design.blocks, from.index, to.index) };
  if (from.column === undefined || to.column === undefined || from.index !== to.index) return design;
  const source = from.column;
  const target = to.column;
  return withColumns(design, from.index, (block) => {
    const taken = block.columns[source]?.blocks[from.item ?? -1];
    if (!taken || !block.columns[target]) return block;
    const columns = block.columns.map((column) => ({ blocks: [...column.blocks] }));
    columns[source]!.blocks.splice(from.item!, 1);
    const into = columns[target]!.blocks;
    into.splice(Math.min(to.item ?? into.length, into.length), 0, taken);
    return { ...block, columns };
  });
}

/** A new top-level block after `after` (at the end without one); its place. */
export function addBlock(design: EmailDesign, type: DesignBlock['type'], after: number | null, words?: StarterWords) {
  const at = after === null ? design.blocks.length : after + 1;
  const blocks = [...design.blocks];
  blocks.splice(at, 0, newBlock(type, undefined, words));
  return { design: { ...design, blocks }, place: { index: at } as BlockPlace };
}

/** A new block at the end of a column; its place. */
export function addToColumn(
  design: EmailDesign,
  index: number,
  column: number,
  type: ColumnBlock['type'],
  words?: StarterWords,
) {
  const top = design.blocks[index];
  const item = top?.type === 'columns' ? (top.columns[column]?.blocks.length ?? 0) : 0;
  const next = withColumn(design, { index, column }, (blocks) => [...blocks, newColumnBlock(type, undefined, words)]);
  return { design: next, place: { index, column, item } as BlockPlace };
}

/** Two or three columns: a third is added empty; going to two moves the third's blocks into the second. */
export function setColumnCount(block: ColumnsBlock, count: 2 | 3): ColumnsBlock {
  if (count === block.columns.length) return block;
  if (count === 3) return { ...block, columns: [...block.columns, { blocks: [] }] };
  const [first, second, third] = block.columns;
  return { ...block, columns: [first!, { blocks: [...second!.blocks, ...(third?.blocks ?? [])] }] };
}

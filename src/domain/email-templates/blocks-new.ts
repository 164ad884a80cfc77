/**
 * New blocks as the visual mode adds them, and the design a new template starts from (the same
 * greeting and button as the MJML starter). The image's alt text and its https address are there
 * on purpose: a design must have both to save.
 */
import type { ColumnBlock, DesignBlock, EmailDesign, SectionSettings } from './blocks';

export const sectionDefaults = (): SectionSettings => ({ background: '#ffffff', padding: 16 });
const TEXT_COLOUR = '#1f2937';

let counter = 0;
/** A block's id: unique within the design (React keys, moves); random enough across tabs. */
export const newBlockId = () =>
  `b${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type ColumnOf<T> = Extract<ColumnBlock, { type: T }>;
type DesignOf<T> = Extract<DesignBlock, { type: T }>;

/** A new block of a column's kinds, with its defaults. */
export function newColumnBlock<T extends ColumnBlock['type']>(type: T, id = newBlockId()): ColumnOf<T> {
  return columnDefaults(type, id) as ColumnOf<T>;
}

function columnDefaults(type: ColumnBlock['type'], id: string): ColumnBlock {
  switch (type) {
    case 'text':
      return { id, type, text: 'Write your text here.', fontSize: 16, bold: false, color: TEXT_COLOUR, align: 'left' };
    case 'image':
      return {
        id,
        type,
        src: 'https://example.com/picture.png',
        alt: 'Describe the picture',
        width: 560,
        href: '',
        align: 'center',
      };
    case 'button':
      return {
        id,
        type,
        label: 'Button label',
        href: 'https://example.com',
        background: '#1677ff',
        color: '#ffffff',
        align: 'center',
      };
    case 'divider':
      return { id, type, color: '#e5e7eb', thickness: 1 };
  }
}

/** A new top-level block: a column's kind in a section of its own, or columns of two texts. */
export function newBlock<T extends DesignBlock['type']>(type: T, id = newBlockId()): DesignOf<T> {
  if (type === 'columns')
    return {
      id,
      type,
      section: sectionDefaults(),
      columns: [{ blocks: [newColumnBlock('text')] }, { blocks: [newColumnBlock('text')] }],
    } as DesignOf<T>;
  return { ...newColumnBlock(type as ColumnBlock['type'], id), section: sectionDefaults() } as DesignOf<T>;
}

/** The design a new template starts from: its business's name, a greeting with a fallback, a button. */
export const starterDesign = (): EmailDesign => ({
  background: '#f4f4f5',
  blocks: [
    {
      ...newBlock('text', 'starter-title'),
      text: '{{business.name}}',
      fontSize: 22,
      bold: true,
      section: { background: '#ffffff', padding: 24 },
    },
    {
      ...newBlock('text', 'starter-body'),
      text: 'Hi {{contact.firstName | "there"}},\nThank you for being with us.',
    },
    { ...newBlock('button', 'starter-button'), label: 'Visit us' },
  ],
});

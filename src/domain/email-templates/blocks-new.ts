/**
 * New blocks as the visual mode adds them, and the design a new template starts from (the same
 * greeting and button as the MJML starter). The image's alt text and its https address are there
 * on purpose: a design must have both to save.
 */
import type { ColumnBlock, DesignBlock, EmailDesign, SectionSettings } from './blocks';

/**
 * The words a new template and a new block start with. The editor passes them in the screen's
 * language (its strings, emailTemplates.starter.*): a Spanish user's new template and new blocks
 * started in English ("Thank you for being with us.", "Button label"). English without them (the
 * tests, the MJML starter the API suite sends).
 */
export interface StarterWords {
  subject: string;
  greeting: string;
  thanks: string;
  visit: string;
  text: string;
  imageAlt: string;
  buttonLabel: string;
}
export const STARTER_WORDS_EN: StarterWords = {
  subject: 'News from {{business.name}}',
  greeting: 'Hi {{contact.firstName | "there"}},',
  thanks: 'Thank you for being with us.',
  visit: 'Visit us',
  text: 'Write your text here.',
  imageAlt: 'Describe the picture',
  buttonLabel: 'Button label',
};

export const sectionDefaults = (): SectionSettings => ({ background: '#ffffff', padding: 16 });
const TEXT_COLOUR = '#1f2937';

let counter = 0;
/** A block's id: unique within the design (React keys, moves); random enough across tabs. */
export const newBlockId = () =>
  `b${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type ColumnOf<T> = Extract<ColumnBlock, { type: T }>;
type DesignOf<T> = Extract<DesignBlock, { type: T }>;

/** A new block of a column's kinds, with its defaults. */
export function newColumnBlock<T extends ColumnBlock['type']>(
  type: T,
  id = newBlockId(),
  words: StarterWords = STARTER_WORDS_EN,
): ColumnOf<T> {
  return columnDefaults(type, id, words) as ColumnOf<T>;
}

function columnDefaults(type: ColumnBlock['type'], id: string, words: StarterWords): ColumnBlock {
  switch (type) {
    case 'text':
      return { id, type, text: words.text, fontSize: 16, bold: false, color: TEXT_COLOUR, align: 'left' };
    case 'image':
      return {
        id,
        type,
        src: 'https://example.com/picture.png',
        alt: words.imageAlt,
        width: 560,
        href: '',
        align: 'center',
      };
    case 'button':
      return {
        id,
        type,
        label: words.buttonLabel,
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
export function newBlock<T extends DesignBlock['type']>(
  type: T,
  id = newBlockId(),
  words: StarterWords = STARTER_WORDS_EN,
): DesignOf<T> {
  if (type === 'columns')
    return {
      id,
      type,
      section: sectionDefaults(),
      columns: [
        { blocks: [newColumnBlock('text', undefined, words)] },
        { blocks: [newColumnBlock('text', undefined, words)] },
      ],
    } as DesignOf<T>;
  return { ...newColumnBlock(type as ColumnBlock['type'], id, words), section: sectionDefaults() } as DesignOf<T>;
}

/** The design a new template starts from: its business's name, a greeting with a fallback, a button. */
export const starterDesign = (words: StarterWords = STARTER_WORDS_EN): EmailDesign => ({
  background: '#f4f4f5',
  blocks: [
    {
      ...newBlock('text', 'starter-title', words),
      text: '{{business.name}}',
      fontSize: 22,
      bold: true,
      section: { background: '#ffffff', padding: 24 },
    },
    {
      ...newBlock('text', 'starter-body', words),
      text: `${words.greeting}\n${words.thanks}`,
    },
    { ...newBlock('button', 'starter-button', words), label: words.visit },
  ],
});

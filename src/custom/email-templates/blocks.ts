import type { TFunction } from 'i18next';
import { starterWordsOf } from './starter-words';

/**
 * The editor's insert buttons: MJML snippets for the blocks a person builds a mail from, put in
 * at the cursor, in the screen's language (the visual mode's new blocks' words). The image's alt
 * text and https address are there on purpose: the checks flag an image without alt text and an
 * http: link.
 */
export function blockSnippets(t: TFunction) {
  const words = starterWordsOf(t);
  return {
    text: `<mj-text font-size="16px" line-height="24px">${words.text}</mj-text>`,
    image: `<mj-image src="https://example.com/picture.png" alt="${words.imageAlt}" width="560px"></mj-image>`,
    button: `<mj-button href="https://example.com" background-color="#1677ff">${words.buttonLabel}</mj-button>`,
    divider: '<mj-divider border-width="1px" border-color="#e5e7eb"></mj-divider>',
    columns: `<mj-section>
      <mj-column><mj-text>${t('emailTemplates.starter.leftColumn')}</mj-text></mj-column>
      <mj-column><mj-text>${t('emailTemplates.starter.rightColumn')}</mj-text></mj-column>
    </mj-section>`,
  } as const;
}
export type BlockKind = keyof ReturnType<typeof blockSnippets>;
export const BLOCK_KINDS: BlockKind[] = ['text', 'image', 'button', 'divider', 'columns'];

/** `text` with `insert` put in place of the selection [start, end); the cursor after it. */
export function insertAt(text: string, insert: string, start: number, end = start) {
  const value = text.slice(0, start) + insert + text.slice(end);
  return { value, cursor: start + insert.length };
}

/**
 * The editor's insert buttons: MJML snippets for the blocks a person builds a mail from, put in
 * at the cursor. The image's alt text and https address are there on purpose: the checks flag
 * an image without alt text and an http: link.
 */
export const BLOCKS = {
  text: '<mj-text font-size="16px" line-height="24px">Write your text here.</mj-text>',
  image: '<mj-image src="https://example.com/picture.png" alt="Describe the picture" width="560px"></mj-image>',
  button: '<mj-button href="https://example.com" background-color="#1677ff">Button label</mj-button>',
  divider: '<mj-divider border-width="1px" border-color="#e5e7eb"></mj-divider>',
  columns: `<mj-section>
      <mj-column><mj-text>Left column</mj-text></mj-column>
      <mj-column><mj-text>Right column</mj-text></mj-column>
    </mj-section>`,
} as const;
export type BlockKind = keyof typeof BLOCKS;
export const BLOCK_KINDS = Object.keys(BLOCKS) as BlockKind[];

/** `text` with `insert` put in place of the selection [start, end); the cursor after it. */
export function insertAt(text: string, insert: string, start: number, end = start) {
  const value = text.slice(0, start) + insert + text.slice(end);
  return { value, cursor: start + insert.length };
}

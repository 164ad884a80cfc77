/**
 * A design's blocks (blocks.ts) → MJML, a pure function: the browser runs it for the live
 * preview, the server for every save, preview and test send of a visual template (the MJML a
 * browser sends for one is never trusted), so both render the very same source. Everything a
 * person typed is HTML-escaped; a well-formed variable is kept as written so a send fills it.
 */
import type { AnyBlock, ColumnsBlock, DesignBlock, EmailDesign } from './blocks';
import { TEXT_LINK } from './blocks';
import { isOwnImage } from './images';
import { replaceGroups } from '../templates/braces';
import { escapeHtml, placeholdersOf } from './variables';

/** Private-use characters that hold a kept piece's place while the rest is escaped and marked. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const HELD = /\uE000(\d+)\uE001/g;

/** A variable kept as written: well-formed, and nothing in it that HTML would read. */
const keptVariable = (raw: string) => placeholdersOf(raw)[0]?.name != null && !/[<>&]/.test(raw);

/** Plain text with its variables kept: a button's label, a link's label. */
function plain(text: string): string {
  const held: string[] = [];
  const hold = (html: string) => `${OPEN}${held.push(html) - 1}${CLOSE}`;
  const marked = replaceGroups(text.replace(/[\uE000\uE001]/g, ''), (_inner, raw) =>
    keptVariable(raw) ? hold(raw) : undefined,
  );
  return escapeHtml(marked).replace(HELD, (_, n: string) => held[Number(n)]!);
}

/**
 * A text block's text as HTML: `[label](url)` a link, `**bold**`, `*italic*`, a line break kept,
 * everything else escaped. Links and variables are set aside first, so a `*` in an address or a
 * fallback is never read as a mark, then put back.
 */
export function textHtml(text: string): string {
  const held: string[] = [];
  const hold = (html: string) => `${OPEN}${held.push(html) - 1}${CLOSE}`;
  const marked = text
    .replace(/[\uE000\uE001]/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(TEXT_LINK, (_, label: string, url: string) => hold(`<a href="${escapeHtml(url)}">${plain(label)}</a>`));
  const kept = replaceGroups(marked, (_inner, raw) => (keptVariable(raw) ? hold(raw) : undefined));
  return (
    escapeHtml(kept)
      // As in Markdown, a mark hugs its words: `2 * 3 * 4` stays as written.
      .replace(/\*\*(?![\s*])([^\n]*?[^\s*])\*\*/g, '<strong>$1</strong>')
      .replace(/\*(?![\s*])([^*\n]*?[^\s*])\*/g, '<em>$1</em>')
      .replace(/\n/g, '<br />')
      .replace(HELD, (_, n: string) => held[Number(n)]!)
  );
}

const attrs = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');

/**
 * One block's MJML, inside its column. `origin` is the app's address (`https://app.example.com`):
 * a picture uploaded here is named by its path, which a mail needs whole.
 */
export function blockMjml(block: AnyBlock, origin = ''): string {
  switch (block.type) {
    case 'text':
      return `<mj-text${attrs({
        'font-size': `${block.fontSize}px`,
        'line-height': '1.5',
        'font-weight': block.bold ? 'bold' : undefined,
        color: block.color,
        align: block.align,
      })}>${textHtml(block.text)}</mj-text>`;
    case 'image':
      return `<mj-image${attrs({
        src: isOwnImage(block.src) ? origin + block.src : block.src,
        alt: block.alt,
        width: `${block.width}px`,
        href: block.href,
        align: block.align,
      })}></mj-image>`;
    case 'button':
      return `<mj-button${attrs({
        href: block.href,
        'background-color': block.background,
        color: block.color,
        align: block.align,
      })}>${plain(block.label)}</mj-button>`;
    case 'divider':
      return `<mj-divider${attrs({ 'border-color': block.color, 'border-width': `${block.thickness}px` })}></mj-divider>`;
    case 'columns':
      // A columns block is top-level only (the schema says so); nothing to render inside a column.
      return '';
  }
}

const indent = (lines: string[], by: string) => lines.map((line) => by + line).join('\n');

function columnsMjml(block: ColumnsBlock, origin: string): string[] {
  return block.columns.map((column) =>
    column.blocks.length
      ? `<mj-column>\n${indent(
          column.blocks.map((b) => blockMjml(b, origin)),
          '  ',
        )}\n</mj-column>`
      : '<mj-column></mj-column>',
  );
}

function sectionMjml(block: DesignBlock, origin: string): string {
  const inner =
    block.type === 'columns'
      ? columnsMjml(block, origin)
      : [`<mj-column>\n  ${blockMjml(block, origin)}\n</mj-column>`];
  const open = `<mj-section${attrs({ 'background-color': block.section.background, padding: `${block.section.padding}px` })}>`;
  return `${open}\n${indent(inner.join('\n').split('\n'), '  ')}\n</mj-section>`;
}

/** The whole design as an MJML document; `origin` as for blockMjml. */
export function designToMjml(design: EmailDesign, origin = ''): string {
  const sections = design.blocks
    .map((block) => sectionMjml(block, origin))
    .join('\n')
    .split('\n');
  return `<mjml>
  <mj-head>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif"></mj-all>
    </mj-attributes>
  </mj-head>
  <mj-body${attrs({ 'background-color': design.background })}>
${indent(sections, '    ')}
  </mj-body>
</mjml>
`;
}

/** A template's source as it renders: a visual one's MJML made from its blocks, else as written. */
export const resolvedSource = <T extends { mjml: string; blocks?: EmailDesign | null }>(input: T, origin = ''): T =>
  input.blocks ? { ...input, mjml: designToMjml(input.blocks, origin) } : input;

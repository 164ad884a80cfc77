/**
 * WhatsApp's message markup, read the way the app draws it: `*bold*`, `_italic_`, `~strike~` and
 * ```monospace```. A marker opens where a word may start (the text's start, a space or a
 * punctuation mark before it) and closes on the same line at a marker that ends a word; the text
 * between may not start or end with a space. Monospace keeps its text as written. Parsed into a
 * tree that the preview turns into React elements, so a template's text is never HTML.
 */
export type MarkupStyle = 'bold' | 'italic' | 'strike' | 'mono';
export type MarkupNode = string | { style: MarkupStyle; children: MarkupNode[] };

const MARKERS: Record<string, MarkupStyle> = { '*': 'bold', _: 'italic', '~': 'strike' };
const WORD = /[\p{L}\p{N}]/u;

const opensAt = (text: string, i: number) => i === 0 || !WORD.test(text[i - 1]!);
const closesAt = (text: string, j: number) => j + 1 >= text.length || !WORD.test(text[j + 1]!);
const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

/** Where the marker at `i` closes, or -1. */
function closing(text: string, i: number, marker: string): number {
  if (!opensAt(text, i) || isSpace(text[i + marker.length])) return -1;
  for (let j = text.indexOf(marker, i + marker.length); j !== -1; j = text.indexOf(marker, j + 1)) {
    if (text.slice(i, j).includes('\n')) return -1;
    if (j > i + marker.length && !isSpace(text[j - 1]) && closesAt(text, j + marker.length - 1)) return j;
  }
  return -1;
}

export function parseMarkup(text: string): MarkupNode[] {
  const out: MarkupNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  for (let i = 0; i < text.length; ) {
    if (text.startsWith('```', i)) {
      const end = closing(text, i, '```');
      if (end !== -1) {
        flush();
        out.push({ style: 'mono', children: [text.slice(i + 3, end)] });
        i = end + 3;
        continue;
      }
    }
    const style = MARKERS[text[i]!];
    if (style) {
      const end = closing(text, i, text[i]!);
      if (end !== -1) {
        flush();
        out.push({ style, children: parseMarkup(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  flush();
  return out;
}

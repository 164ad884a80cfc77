/**
 * Whether MJML's tags nest: mjml's parser (htmlparser2) forgives a closing tag that closes
 * nothing and an element never closed, and renders something else than what was written. The
 * editor must say "line 7: </mj-colum> closes nothing" instead, so the mj-* tags are matched
 * here first. Only MJML's own tags are matched: the HTML inside <mj-text> and the other ending
 * tags may leave a <br> or a <p> open, as HTML allows.
 *
 * The messages are the catalogue's (src/domain/messages.ts), so the editor shows them in the
 * user's language inside "Line N: …".
 */
import { formatMessage, MESSAGES } from '../../../src/domain/messages';

export interface SourceError {
  line: number;
  message: string;
}

const TAG = /<!--[\s\S]*?-->|<(\/?)(mjml|mj-[a-z-]+)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

export function structureError(source: string): SourceError | null {
  const open: { name: string; line: number }[] = [];
  for (const m of source.matchAll(TAG)) {
    if (m[2] === undefined) continue; // a comment
    const [, closing, rawName, rest] = m;
    const name = rawName!.toLowerCase();
    const line = lineAt(source, m.index);
    if (!closing) {
      if (!rest!.trimEnd().endsWith('/')) open.push({ name, line });
      continue;
    }
    const top = open.at(-1);
    if (top?.name === name) {
      open.pop();
      continue;
    }
    return {
      line,
      message: top
        ? formatMessage('mjmlClosesOther', { closing: name, open: top.name, openLine: top.line })
        : formatMessage('mjmlClosesNothing', { closing: name }),
    };
  }
  const unclosed = open.at(-1);
  if (unclosed) return { line: unclosed.line, message: formatMessage('mjmlNeverClosed', { open: unclosed.name }) };
  if (!/<mjml\b/i.test(source)) return { line: 1, message: MESSAGES.mjmlNotEnclosed };
  return null;
}

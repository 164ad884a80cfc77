/**
 * The double-brace groups of a template's text, read one way for every template that has them:
 * an email template's `{{contact.firstName}}` (src/domain/email-templates/variables.ts) and a
 * WhatsApp template's `{{1}}` (src/domain/ws-templates/variables.ts), for the checks, the preview
 * and the send alike.
 *
 * A `{{` is closed by the first `}}` after it, unless another `{{` comes first: then it is an
 * unclosed group that ends where its word does (a space, a tag, the next brace), and the `{{`
 * after it is read on its own. `{{contact.firstName} and {{contact.lastName}}` is an unclosed
 * `{{contact.firstName}` followed by a good `{{contact.lastName}}`, not one broken group that
 * swallows the words between (as a lazy `{{.*?}}` read it).
 */
import * as z from 'zod/mini';
import { formatMessage } from '../messages';

export interface BraceGroup {
  /** Where `{{` starts. */
  start: number;
  /** Just after `}}`, or after the unclosed group's word. */
  end: number;
  /** The whole group as written, braces included. */
  raw: string;
  /** What is between the braces (an unclosed group: what follows its `{{`). */
  inner: string;
  /** `open`: a `{{` never closed; `stray`: a `}}` that closes nothing. */
  kind: 'closed' | 'open' | 'stray';
  /** 1-based line it starts on. */
  line: number;
}

/** An unclosed `{{`, as far as its word goes: up to a space, a tag, another brace pair or a `{`. */
const UNCLOSED = /\{\{(?:[^\s<{}]|\}(?!\}))*/y;
const BRACE = /\{\{|\}\}/g;

export function braceGroups(text: string): BraceGroup[] {
  const out: BraceGroup[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (let i = counted; i < index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, index);
    return line;
  };
  BRACE.lastIndex = 0;
  for (let m = BRACE.exec(text); m; m = BRACE.exec(text)) {
    const start = m.index;
    if (m[0] === '}}') {
      out.push({ start, end: start + 2, raw: '}}', inner: '', kind: 'stray', line: lineAt(start) });
      continue;
    }
    const close = text.indexOf('}}', start + 2);
    const next = text.indexOf('{{', start + 2);
    if (close >= 0 && (next < 0 || close < next)) {
      const end = close + 2;
      out.push({
        start,
        end,
        raw: text.slice(start, end),
        inner: text.slice(start + 2, close),
        kind: 'closed',
        line: lineAt(start),
      });
      BRACE.lastIndex = end;
    } else {
      UNCLOSED.lastIndex = start;
      const raw = UNCLOSED.exec(text)![0];
      out.push({ start, end: start + raw.length, raw, inner: raw.slice(2), kind: 'open', line: lineAt(start) });
      // The next `{{` (or a `}}` past this word) is read on its own.
      BRACE.lastIndex = start + raw.length;
    }
  }
  return out;
}

/** The first `{{` never closed in a text, as its message ("Placeholder at line 1 is not closed: {{contact.firstName}"), or null. */
export function unclosedMessage(text: string): string | null {
  const open = braceGroups(text).find((g) => g.kind === 'open');
  return open ? formatMessage('placeholderNotClosed', { line: open.line, placeholder: open.raw }) : null;
}

/**
 * The text with each closed group replaced by what `fill` gives for its inner text (undefined:
 * left as written). Unclosed and stray braces stay as written, where the checks point at them.
 */
export function replaceGroups(text: string, fill: (inner: string, raw: string) => string | undefined): string {
  let out = '';
  let at = 0;
  for (const g of braceGroups(text)) {
    if (g.kind !== 'closed') continue;
    const value = fill(g.inner, g.raw);
    if (value === undefined) continue;
    out += text.slice(at, g.start) + value;
    at = g.end;
  }
  return at === 0 ? text : out + text.slice(at);
}

/** A text field's check: a `{{` never closed is refused where it is (it would reach every reader as typed). */
export const placeholdersClosed = z.superRefine((text: string, ctx) => {
  const message = unclosedMessage(text);
  if (message) ctx.addIssue({ code: 'custom', message, input: text });
});

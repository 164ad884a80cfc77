/**
 * Whether MJML's tags nest: mjml's parser (htmlparser2) forgives a closing tag that closes
 * nothing and an element never closed, and renders something else than what was written. The
 * editor must say "line 7: </mj-colum> closes nothing" instead, so the mj-* tags are matched
 * here first. Only MJML's own tags are matched: the HTML inside <mj-text> and the other ending
 * tags may leave a <br> or a <p> open, as HTML allows.
 */
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
        ? `</${name}> does not close <${top.name}>, opened on line ${top.line}`
        : `</${name}> closes nothing`,
    };
  }
  const unclosed = open.at(-1);
  if (unclosed) return { line: unclosed.line, message: `<${unclosed.name}> is never closed` };
  if (!/<mjml\b/i.test(source)) return { line: 1, message: 'The source must be enclosed in <mjml> … </mjml>' };
  return null;
}

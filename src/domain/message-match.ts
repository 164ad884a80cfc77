/**
 * Recognising a catalogue message in a text: a fixed text, or a template with its {{placeholders}}
 * filled (the server sends the text filled). One matcher over any catalogue of code → text: the
 * server's and the tests' (MESSAGES, messages.ts) and the client's, which reads the same English
 * texts from its loaded translations so that no screen has to load the whole catalogue
 * (src/providers/i18n/translate-message.ts).
 */
export interface MessageMatch {
  code: string;
  params: Record<string, string>;
}

export function messageMatcher(catalogue: Readonly<Record<string, string>>): (text: string) => MessageMatch | null {
  const entries = Object.entries(catalogue).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const codeByText = new Map(entries.map(([code, text]) => [text, code]));
  const templates = entries
    .filter(([, text]) => text.includes('{{'))
    .map(([code, text]) => {
      const names: string[] = [];
      const source = text
        .split(/{{\s*(\w+)\s*}}/)
        .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return { code, names, regex: new RegExp(`^${source}$`) };
    });
  return (text) => {
    const code = codeByText.get(text);
    if (code) return { code, params: {} };
    for (const template of templates) {
      const found = template.regex.exec(text);
      if (found)
        return { code: template.code, params: Object.fromEntries(template.names.map((n, i) => [n, found[i + 1]!])) };
    }
    return null;
  };
}

/**
 * Writes a table generated from WordNet 3.0 (scripts/wordnet-related.ts, scripts/wordnet-opposites.ts)
 * as a TypeScript module: a comment saying what it is, WordNet's licence (as Debian's copyright file
 * gives it: its lines after "License: WordNet3.0" that start with a space, " ." a blank line; the
 * licence asks that it go with every copy), then one exported string of lines, "stem other other …".
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeWordnetTable(out: string, about: string, name: string, table: Map<string, Iterable<string>>) {
  const lines = [...table]
    .map(([k, v]) => [k, [...v].sort()] as const)
    .filter(([, v]) => v.length)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k} ${v.join(' ')}`);
  const copyright = readFileSync('/usr/share/doc/wordnet-base/copyright', 'utf8').split('\n');
  const licence: string[] = [];
  for (const line of copyright.slice(copyright.findIndex((l) => l.startsWith('License: WordNet')) + 1)) {
    if (!line.startsWith(' ')) break;
    licence.push(line === ' .' ? ' *' : ` *${line}`);
  }
  writeFileSync(
    out,
    `/**
${about
  .split('\n')
  .map((l) => ` * ${l}`.trimEnd())
  .join('\n')}
 *
 * WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Its licence:
${licence.join('\n')}
 */
export const ${name} = \`
${lines.join('\n')}
\`;
`,
  );
  console.log(`${lines.length} words, ${lines.reduce((n, l) => n + l.length + 1, 0)} characters`);
}

/**
 * WordNet 3.0 for the generators (scripts/wordnet-related.ts, scripts/wordnet-opposites.ts): a
 * part of speech's words with their commonest senses, and the writer of the table they make.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A word of letters only, three or more: the words the tables keep. */
export const plain = (w: string) => /^[a-z]{3,}$/.test(w);

/**
 * Each word of letters only (three or more) in WordNet's index of a part of speech, with the
 * offsets of its commonest senses: those tagged at least once in WordNet's texts, at most maxSenses.
 */
export function* commonSenses(dir: string, pos: string, maxSenses: number) {
  for (const line of readFileSync(join(dir, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = f[0]!;
    if (!plain(lemma)) continue;
    const senseCount = Number(f[2]);
    const pCount = Number(f[3]);
    const tagged = Number(f[5 + pCount]);
    const offsets = f.slice(6 + pCount, 6 + pCount + senseCount);
    yield { lemma, offsets: offsets.slice(0, Math.min(tagged, maxSenses)) };
  }
}

/**
 * Writes a table generated from WordNet 3.0 (scripts/wordnet-related.ts, scripts/wordnet-opposites.ts)
 * as a TypeScript module: a comment saying what it is, WordNet's licence (as Debian's copyright file
 * gives it: its lines after "License: WordNet3.0" that start with a space, " ." a blank line; the
 * licence asks that it go with every copy), then one exported string of lines, "stem other other …".
 */
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

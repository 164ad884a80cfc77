/**
 * `node --import tsx scripts/wordnet-kinds.ts`: writes server/modules/documents/word-kinds.ts, the
 * everyday words (as a question writes them: "kick", "picked", "losing", "silent") whose commonest
 * use is as a verb or an adjective, not as a noun ("money", "salary", "windows", "meeting") nor as an
 * adverb ("now", "instead"). The document chat reads such a word of the question that a passage
 * lacks as other wording for what the passage says, where a noun it lacks is a topic it does not
 * have (docs/document-chat.md, *How answers are made*). Read from WordNet 3.0 as Debian's
 * `wordnet-base` package installs it (/usr/share/wordnet; `apt-get install wordnet-base`), so the
 * server needs neither the package nor the database.
 *
 * A word's commonest part of speech is the one its senses were met in most often in WordNet's
 * tagged texts (cntlist.rev: each sense's count). A written form is read as WordNet's own morphology
 * reads it: the form itself when it is a word WordNet counted ("meeting", "left"), else its
 * irregular base ("went" -> "go", from the .exc lists), else the first regular base that is ("picked"
 * -> "pick", "meetings" -> "meeting"). A form met as a noun at least as often, or never met in the
 * tagged texts, is left out (it keeps its full weight).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WORDNET = process.env.WORDNET_DIR ?? '/usr/share/wordnet';
const OUT = join(import.meta.dirname, '../server/modules/documents/word-kinds.ts');
/** A word needs this many tagged uses in all before its commonest part of speech is trusted. */
const MIN_COUNT = 3;

type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const POS: Pos[] = ['noun', 'verb', 'adj', 'adv'];
/** Per word, how often its senses were tagged as each part of speech. */
const counts = new Map<string, Record<Pos, number>>();
for (const line of readFileSync(join(WORDNET, 'cntlist.rev'), 'utf8').split('\n')) {
  // "lose%2:40:01:: 1 175": the sense key (lemma%type:…), its sense number, its count.
  const [key, , count] = line.split(' ');
  if (!key || !count) continue;
  const [lemma, rest] = key.split('%') as [string, string];
  // Words of letters only, as questions write them (not "pull_request", "o.k.").
  if (!/^[a-z]{2,}$/.test(lemma)) continue;
  // Type 1 is a noun, 2 a verb, 3 an adjective, 4 an adverb, 5 an adjective satellite.
  const pos = ({ '1': 'noun', '2': 'verb', '3': 'adj', '4': 'adv', '5': 'adj' } as const)[rest[0] ?? ''];
  if (!pos) continue;
  const c = counts.get(lemma) ?? { noun: 0, verb: 0, adj: 0, adv: 0 };
  c[pos] += Number(count);
  counts.set(lemma, c);
}
const counted = (w: string) => {
  const c = counts.get(w);
  return !!c && c.noun + c.verb + c.adj + c.adv >= MIN_COUNT;
};

/** Irregular forms and their bases ("went" -> "go", "better" -> "good"), from WordNet's exception lists. */
const irregular = new Map<string, string[]>();
for (const pos of ['noun', 'verb', 'adj'])
  for (const line of readFileSync(join(WORDNET, `${pos}.exc`), 'utf8').split('\n')) {
    const [form, ...bases] = line.trim().split(' ');
    if (form && /^[a-z]+$/.test(form)) irregular.set(form, [...(irregular.get(form) ?? []), ...bases]);
  }

/** WordNet's regular endings, each with what replaces it (morphy's rules, nouns, verbs and adjectives). */
const ENDINGS: [string, string][] = [
  ['ies', 'y'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['es', 'e'],
  ['es', ''],
  ['s', ''],
  ['ied', 'y'],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['ier', 'y'],
  ['iest', 'y'],
  ['er', ''],
  ['est', ''],
  ['er', 'e'],
  ['est', 'e'],
];

/** The words a written form is read as (see the header): itself, its irregular bases, or its first regular base. */
function basesOf(form: string): string[] {
  if (counted(form)) return [form];
  const bases = (irregular.get(form) ?? []).filter(counted);
  if (bases.length) return bases;
  for (const [ending, by] of ENDINGS) {
    if (!form.endsWith(ending) || form.length - ending.length < 2) continue;
    let base = form.slice(0, -ending.length) + by;
    // A doubled consonant before -ed, -ing, -er, -est: "stopped" -> "stop", "bigger" -> "big".
    if (!counted(base) && by === '' && /([b-df-hj-np-tv-z])\1$/.test(base)) base = base.slice(0, -1);
    if (counted(base)) return [base];
  }
  return [];
}

/** A written form's commonest part of speech, or none when it was never counted (a tie goes to the noun). */
function kindOf(form: string): Pos | undefined {
  const bases = basesOf(form);
  if (!bases.length) return undefined;
  const sum: Record<Pos, number> = { noun: 0, verb: 0, adj: 0, adv: 0 };
  for (const b of bases) for (const p of POS) sum[p] += counts.get(b)![p];
  return POS.reduce((best, p) => (sum[p] > sum[best] ? p : best), 'noun' as Pos);
}

/** The forms a word may be written in: itself, its irregular forms, and its regular endings. */
const formsOf = new Map<string, Set<string>>();
for (const [form, bases] of irregular) for (const b of bases) formsOf.set(b, (formsOf.get(b) ?? new Set()).add(form));
const candidates = new Set<string>();
for (const lemma of counts.keys()) {
  if (!counted(lemma)) continue;
  // A verb's forms (-s, -ed, -ing) and an adjective's (-er, -est); a noun or an adverb is left out.
  const kind = kindOf(lemma);
  const e = lemma.endsWith('e');
  const stemOf = e ? lemma.slice(0, -1) : lemma;
  // A short word ending consonant-vowel-consonant doubles it: "stop", "stopped", "bigger".
  const doubled = /(?:^|[^aeiou])[aeiou][b-df-hj-np-tvz]$/.test(lemma) ? lemma + lemma[lemma.length - 1] : null;
  const y = /[^aeiou]y$/.test(lemma) ? lemma.slice(0, -1) + 'i' : null;
  const endings =
    kind === 'verb'
      ? [
          /(?:s|x|z|ch|sh|o)$/.test(lemma) ? `${lemma}es` : `${lemma}s`,
          e ? `${lemma}d` : `${lemma}ed`,
          `${stemOf}ing`,
          ...(doubled ? [`${doubled}ed`, `${doubled}ing`] : []),
          ...(y ? [`${y}es`, `${y}ed`] : []),
        ]
      : // Only short adjectives take -er and -est ("slower", "bigger", "easiest"; not "medicaler").
        kind === 'adj' && (lemma.length <= 6 || y)
        ? [
            e ? `${lemma}r` : `${lemma}er`,
            e ? `${lemma}st` : `${lemma}est`,
            ...(doubled ? [`${doubled}er`, `${doubled}est`] : []),
            ...(y ? [`${y}er`, `${y}est`] : []),
          ]
        : [];
  if (kind !== 'verb' && kind !== 'adj') continue;
  for (const f of [lemma, ...endings, ...(formsOf.get(lemma) ?? [])]) candidates.add(f);
}
const verbs: string[] = [];
const adjectives: string[] = [];
for (const f of [...candidates].sort()) {
  const kind = kindOf(f);
  if (kind === 'verb') verbs.push(f);
  else if (kind === 'adj') adjectives.push(f);
}

// The licence's text, as Debian's copyright file gives it (its lines after "License: WordNet3.0"
// that start with a space; " ." is a blank line): the licence asks that it go with every copy.
const copyright = readFileSync('/usr/share/doc/wordnet-base/copyright', 'utf8').split('\n');
const licence: string[] = [];
for (const line of copyright.slice(copyright.findIndex((l) => l.startsWith('License: WordNet')) + 1)) {
  if (!line.startsWith(' ')) break;
  licence.push(line === ' .' ? ' *' : ` *${line}`);
}
/** Words in lines of about 100 characters, so the file reads (and diffs) as text. */
function wrapped(words: string[]): string {
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + w.length < 100) lines[last] += ` ${w}`;
    else lines.push(w);
  }
  return lines.join('\n');
}
writeFileSync(
  OUT,
  `/**
 * Generated by scripts/wordnet-kinds.ts from WordNet 3.0 (Debian's wordnet-base): do not edit.
 * The written forms of the words used most often as a verb (VERBS) or as an adjective (ADJECTIVES)
 * rather than as a noun or an adverb, by WordNet's counts of their senses in its tagged texts,
 * separated by spaces. Read by terms.ts (wordKindOf).
 *
 * WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Its licence:
${licence.join('\n')}
 */
export const VERBS = \`
${wrapped(verbs)}
\`;
export const ADJECTIVES = \`
${wrapped(adjectives)}
\`;
`,
);
console.log(`${verbs.length} verb forms, ${adjectives.length} adjective forms`);

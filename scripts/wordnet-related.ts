/**
 * `node --import tsx scripts/wordnet-related.ts`: writes server/modules/documents/related-words.ts,
 * the everyday words' related words the document chat reads a question with when the document
 * never uses the question's own word (docs/document-chat.md, *How answers are made*). Read from
 * WordNet 3.0 as Debian's `wordnet-base` package installs it (/usr/share/wordnet; `apt-get install
 * wordnet-base`), so the server needs neither the package nor the 30 MB database: only the compact
 * table. Kept: words of letters only that WordNet has seen in its tagged texts (a word's commonest
 * senses, those tagged at least once, at most MAX_SENSES), and for each sense the other words of
 * its synset, its words' derived forms ("violate" / "violation"), the words of the sense one
 * step more general (its hypernym: "repair" -> "fix") and those of a sense that shares a phrasal
 * verb with it under the same more general sense ("unpack" -> "extract", both "take out" and kinds
 * of "remove"); all stemmed as the ranking stems them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stem } from '../server/modules/documents/stem';
import { writeWordnetTable } from './lib/wordnet-table';

const WORDNET = process.env.WORDNET_DIR ?? '/usr/share/wordnet';
const OUT = join(import.meta.dirname, '../server/modules/documents/related-words.ts');
/** A word's commonest senses read, at most. */
const MAX_SENSES = Number(process.env.MAX_SENSES ?? 1);
const POS = ['noun', 'verb', 'adj', 'adv'] as const;
const RELATIONS = new Set((process.env.RELATIONS ?? 'syn,der,hyper,phrase').split(','));

interface Synset {
  words: string[];
  pointers: { symbol: string; offset: string; pos: string; source: number; target: number }[];
}
const synsets = new Map<string, Synset>();
/** A multi-word lemma's synsets ("take_out"). */
const phraseSenses = new Map<string, string[]>();
const posOf: Record<string, string> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

for (const pos of POS)
  for (const line of readFileSync(join(WORDNET, `data.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.split(' | ')[0]!.split(' ');
    const offset = f[0]!;
    const wCount = parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let k = 0; k < wCount; k++) words.push(f[4 + 2 * k]!.replace(/\(.*\)$/, '').toLowerCase());
    for (const w of words.filter((x) => x.includes('_')))
      phraseSenses.set(`${pos}:${w}`, [...(phraseSenses.get(`${pos}:${w}`) ?? []), `${pos}:${offset}`]);
    let at = 4 + 2 * wCount;
    const pCount = Number(f[at++]);
    const pointers: Synset['pointers'] = [];
    for (let k = 0; k < pCount; k++, at += 4) {
      const st = f[at + 3]!;
      pointers.push({
        symbol: f[at]!,
        offset: f[at + 1]!,
        pos: posOf[f[at + 2]!]!,
        source: parseInt(st.slice(0, 2), 16),
        target: parseInt(st.slice(2), 16),
      });
    }
    synsets.set(`${pos}:${offset}`, { words, pointers });
  }

const hypernymsOf = (s: Synset) => new Set(s.pointers.filter((p) => p.symbol === '@').map((p) => p.offset));
const plain = (w: string) => /^[a-z]{3,}$/.test(w);
const related = new Map<string, Set<string>>();
for (const pos of POS)
  for (const line of readFileSync(join(WORDNET, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = f[0]!;
    if (!plain(lemma)) continue;
    const senseCount = Number(f[2]);
    const pCount = Number(f[3]);
    const tagged = Number(f[5 + pCount]);
    const offsets = f.slice(6 + pCount, 6 + pCount + senseCount);
    const key = stem(lemma);
    const out = related.get(key) ?? new Set<string>();
    for (const offset of offsets.slice(0, Math.min(tagged, MAX_SENSES))) {
      const s = synsets.get(`${pos}:${offset}`);
      if (!s) continue;
      const me = s.words.indexOf(lemma) + 1;
      const add = (w: string) => {
        if (plain(w) && stem(w) !== key) out.add(stem(w));
      };
      if (RELATIONS.has('syn')) s.words.forEach(add);
      for (const p of s.pointers) {
        const target = synsets.get(`${p.pos}:${p.offset}`);
        if (!target) continue;
        if (p.symbol === '+' && RELATIONS.has('der') && (p.source === 0 || p.source === me))
          add(target.words[p.target - 1] ?? '');
        if ((p.symbol === '@' || p.symbol === '@i') && RELATIONS.has('hyper')) target.words.forEach(add);
        if ((p.symbol === '&' || p.symbol === '^') && RELATIONS.has('sim')) target.words.forEach(add);
      }
      // Senses that share a phrasal verb and stand under the same more general sense ("unpack, take
      // out" and "extract, pull out, take out", both kinds of "remove"): the everyday word and the
      // document's term for one act. The phrase alone is too loose (14 senses of "take out").
      if (RELATIONS.has('phrase'))
        for (const m of s.words.filter((w) => w.includes('_')))
          for (const o of phraseSenses.get(`${pos}:${m}`) ?? []) {
            const other = synsets.get(o);
            if (other && other !== s && [...hypernymsOf(other)].some((h) => hypernymsOf(s).has(h)))
              other.words.forEach(add);
          }
    }
    if (out.size) related.set(key, out);
  }

writeWordnetTable(
  OUT,
  `Generated by scripts/wordnet-related.ts from WordNet 3.0 (Debian's wordnet-base): do not edit.
Each line: a word's stem, then the stems of its related words (same sense, derived form, the
sense one step more general, a sense sharing a phrasal verb under the same general sense). Read by
terms.ts (relatedOf).`,
  'RELATED_WORDS',
  related,
);

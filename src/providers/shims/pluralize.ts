/**
 * The `pluralize` package for the client build (vite.config.ts aliases it here). Refine's core
 * imports it for its default text transformers (`plural` and `singular` of a resource's name, in
 * its default notification texts and titles, which this app turns off or replaces); the package's
 * rule tables cost each signed-in first load ~2 KB gzip. These are its rules for the names this
 * app has (regular nouns, -y, -s/-x/-ch/-sh, -us, -sis, -man, person and child), with its case
 * handling: tests/unit/pluralize-shim.test.ts holds it equal to the real package on every
 * resource name, on Refine's humanized forms of them and on the everyday nouns of the product.
 * The server and the tests keep the real package.
 */

type Rule = readonly [RegExp, string];

/** The case of `word` (all lower, all upper, title) on `token`, as the package restores it. */
function restoreCase(word: string, token: string): string {
  if (word === token) return token;
  if (word === word.toLowerCase()) return token.toLowerCase();
  if (word === word.toUpperCase()) return token.toUpperCase();
  if (word[0] === word[0]!.toUpperCase()) return token.charAt(0).toUpperCase() + token.slice(1).toLowerCase();
  return token.toLowerCase();
}

/** The first matching rule (the list is in the order they are tried), its `$n` filled in. */
function apply(word: string, rules: readonly Rule[]): string {
  const rule = rules.find(([pattern]) => pattern.test(word));
  if (!rule) return word;
  return word.replace(rule[0], (match: string, ...args: unknown[]) => {
    const index = args[args.length - 2] as number;
    const result = rule[1].replace(/\$(\d{1,2}|&)/g, (_, n: string) =>
      n === '&' ? match : ((args[Number(n) - 1] as string | undefined) ?? ''),
    );
    return match === '' ? restoreCase(word[index - 1]!, result) : restoreCase(match, result);
  });
}

/** The package's uncountable words that this app's texts could meet, and its uncountable endings. */
const UNCOUNTABLE_WORDS = new Set([
  'analytics',
  'commerce',
  'equipment',
  'information',
  'mail',
  'media',
  'news',
  'personnel',
  'premises',
  'research',
  'series',
  'software',
  'species',
  'staff',
  'traffic',
]);
const UNCOUNTABLE_ENDINGS = /(?:[^aeiou]ese|deer|fish|measles|o[iu]s|pox|sheep)$/i;

/** Whole words: singular -> plural. */
const IRREGULAR: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  quiz: 'quizzes',
};
const IRREGULAR_PLURAL = Object.fromEntries(Object.entries(IRREGULAR).map(([one, many]) => [many, one]));

/** The package's rules for these words, the one it tries first first. */
const PLURAL_RULES: readonly Rule[] = [
  [UNCOUNTABLE_ENDINGS, '$&'],
  [/m[ae]n$/i, 'men'],
  [/(child)(?:ren)?$/i, '$1ren'],
  [/(pe)(?:rson|ople)$/i, '$1ople'],
  [/(matr|cod|mur|sil|vert|ind|append)(?:ix|ex)$/i, '$1ices'],
  [/(x|ch|ss|sh|zz)$/i, '$1es'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/sis$/i, 'ses'],
  [/(e[mn]u)s?$/i, '$1s'],
  [/(alias|[^aou]us|t[lm]as|gas|ris)$/i, '$1es'],
  [/s?$/i, 's'],
];

const SINGULAR_RULES: readonly Rule[] = [
  [UNCOUNTABLE_ENDINGS, '$&'],
  [/men$/i, 'man'],
  [/(child)ren$/i, '$1'],
  [/(pe)(rson|ople)$/i, '$1rson'],
  [/(matr|append)ices$/i, '$1ix'],
  [/(cod|mur|sil|vert|ind)ices$/i, '$1ex'],
  [/(movie|twelve|abuse|e[mn]u)s$/i, '$1'],
  [/(analy|diagno|parenthe|progno|synop|the|empha|cri|ne)(?:sis|ses)$/i, '$1sis'],
  [/(x|ch|ss|sh|zz|tto|go|cho|alias|[^aou]us|t[lm]as|gas|(?:her|at|gr)o|[aeiou]ris)(?:es)?$/i, '$1'],
  [/\b([pl]|zomb|(?:neck|cross)?t|coll|faer|food|gen|goon|group|lass|talk|goal|cut)ies$/i, '$1ie'],
  [/ies$/i, 'y'],
  [/(ss)$/i, '$1'],
  [/s$/i, ''],
];

function transform(irregular: Record<string, string>, keep: Record<string, string>, rules: readonly Rule[]) {
  return (word: string): string => {
    const token = word.toLowerCase();
    if (Object.hasOwn(keep, token)) return restoreCase(word, token);
    if (Object.hasOwn(irregular, token)) return restoreCase(word, irregular[token]!);
    if (!token.length || UNCOUNTABLE_WORDS.has(token)) return word;
    return apply(word, rules);
  };
}

const plural = transform(IRREGULAR, IRREGULAR_PLURAL, PLURAL_RULES);
const singular = transform(IRREGULAR_PLURAL, IRREGULAR, SINGULAR_RULES);

const pluralize = Object.assign((word: string, count?: number) => (count === 1 ? singular(word) : plural(word)), {
  plural,
  singular,
});

export default pluralize;

/**
 * Whether a builder's pattern can be matched in reasonable time. Patterns are regular
 * expressions written by an administrator and run on every public submission by JavaScript's
 * backtracking engine, where some shapes take exponential or high-polynomial time on a
 * hostile answer ("ReDoS"): `(a+)+$` on thirty a's and a b already takes seconds. The builder
 * and the server refuse these shapes when the form is saved (definition.ts), with one message:
 *
 * - a repeated part inside a repeated group, unbounded on either side (`(a+)+`, `(\w+\.)+`,
 *   `(a{1,3})*`), the star height above one that makes backtracking exponential;
 * - an unbounded repeated group whose alternatives can start with the same character
 *   (`(a|ab)+`, `(\d|\w)*`); a character class (`[\d\w]+`) says the same safely;
 * - unbounded repeats in a row that can each take the same characters with nothing between
 *   them that only one could take (`.*a.*b.*c`): polynomial time, of degree three there. Two
 *   in a row (`.*foo.*`, "contains foo") stay allowed where answers are capped at 500
 *   characters (TEXT_LIMITS: some 25 ms at worst on a loaded machine), not on a long text's
 *   5,000 (seconds);
 * - a back-reference (`(a)\1`), which no automaton can match and which backtracks anyway.
 *
 * The check reads the pattern's structure, not a sample run: a match never starts to find out.
 * Which characters an atom takes is asked of the engine itself, one ASCII character and a few
 * non-ASCII ones at a time, so classes and escapes mean exactly what the matcher reads.
 */

/** The characters tried against each atom: ASCII and a few others (accented, CJK, emoji). */
const PROBES = [...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)), 'é', 'ß', '中', '😀'];

type CharSet = boolean[];

interface Node {
  /** Characters the node can take anywhere in it. */
  chars: CharSet;
  /** Characters it can start with. */
  first: CharSet;
  /** Least and most it repeats (max Infinity: unbounded). */
  min: number;
  max: number;
  /** Whether its content can be of different lengths, or of unbounded length (a group's content). */
  innerVaries: boolean;
  innerUnbounded: boolean;
  /** Whether it matches at least one character each time (an empty-able node never separates). */
  consumes: boolean;
  /** A group whose alternatives can start with the same character. */
  alike: boolean;
  /**
   * Whether each repetition is fenced: it starts or ends with a fixed character its varying
   * repeats cannot take (`( \p{L}+)*`, `(\w+\.)+`), so where one repetition ends is never in doubt.
   */
  fenced: boolean;
  /**
   * How many unbounded repeats in a row, each able to take what the one before took, the node
   * holds: the degree of the polynomial time a failing match can take.
   */
  degree: number;
  /** Characters one repetition takes when that never changes, else null. */
  len: number | null;
}

export type PatternRisk = 'nested' | 'alternation' | 'overlap' | 'backreference';

const none = (): CharSet => PROBES.map(() => false);
const union = (a: CharSet, b: CharSet) => a.map((x, i) => x || b[i]!);
const overlaps = (a: CharSet, b: CharSet) => a.some((x, i) => x && b[i]);
const setOf = (source: string): CharSet => {
  const re = new RegExp(`^(?:${source})$`, 'u');
  return PROBES.map((c) => re.test(c));
};

const varies = (n: Node) => n.innerVaries || n.innerUnbounded || n.min !== n.max;

/**
 * A sequence with one varying repeat at most, a plain one, that starts or ends with a fixed
 * character that repeat cannot take: where each repetition ends is never in doubt, and neither
 * is how one repetition splits its characters (`(\s*\s?a)+` has two ways per repetition).
 */
function fencedSequence(items: Node[]): boolean {
  const moving = items.filter(varies);
  if (moving.length > 1 || moving.some((n) => n.innerVaries || n.innerUnbounded)) return false;
  const taken = moving[0]?.chars ?? none();
  const fence = (n: Node | undefined) => !!n && n.consumes && n.min >= 1 && !varies(n) && !overlaps(n.chars, taken);
  return fence(items[0]) || fence(items.at(-1));
}

/**
 * The longest run of unbounded repeats (counted by their own degree) where each can take what
 * the run before took; a fixed character the run cannot take ends it (`\d+x\d+`: two runs).
 */
function chainDegree(items: Node[]): number {
  let best = 0;
  let chain = 0;
  let last: CharSet | null = null;
  for (const n of items) {
    if (n.degree > 0) {
      chain = last && overlaps(last, n.chars) ? chain + n.degree : n.degree;
      last = last && chain > n.degree ? union(last, n.chars) : n.chars;
      best = Math.max(best, chain);
    } else if (last && n.min > 0 && n.consumes && !overlaps(last, n.first)) {
      chain = 0;
      last = null;
    }
  }
  return best;
}

class Reader {
  i = 0;
  risk: PatternRisk | null = null;
  constructor(readonly s: string) {}

  /** An alternation up to `)` or the end. */
  alternation() {
    const alts: Node[] = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return {
      alts,
      chars: alts.reduce((acc, a) => union(acc, a.chars), none()),
      first: alts.reduce((acc, a) => union(acc, a.first), none()),
      consumes: alts.every((a) => a.consumes),
      // Alternatives of different lengths make the group's length vary.
      varies: alts.some((a) => a.innerVaries || a.len === null || a.len !== alts[0]!.len),
      len: alts.every((a) => a.len !== null && a.len === alts[0]!.len) ? alts[0]!.len : null,
      unb: alts.some((a) => a.innerUnbounded),
      degree: Math.max(...alts.map((a) => a.degree)),
    };
  }

  /** A run of quantified atoms; its facts summed up as one node (min/max of 1: a group repeats it). */
  sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const atom = this.quantified();
      if (atom) items.push(atom);
    }
    const degree = chainDegree(items);
    let first = none();
    for (const item of items) {
      first = union(first, item.first);
      if (item.consumes && item.min > 0) break;
    }
    return {
      chars: items.reduce((acc, n) => union(acc, n.chars), none()),
      first,
      min: 1,
      max: 1,
      innerVaries: items.some((n) => n.innerVaries || n.min !== n.max),
      innerUnbounded: items.some((n) => n.innerUnbounded || n.max === Infinity),
      consumes: items.some((n) => n.consumes && n.min > 0),
      alike: false,
      fenced: fencedSequence(items),
      degree,
      len: items.every((n) => n.len !== null && n.min === n.max)
        ? items.reduce((sum, n) => sum + n.len! * n.min, 0)
        : null,
    };
  }

  quantified(): Node | null {
    const atom = this.atom();
    if (!atom) return null;
    const q = this.quantifier();
    if (!q) return atom;
    // A repeated group whose content can be of different lengths may split a run of characters
    // among its repetitions in many ways, unless a fence fixes where each one ends.
    if (!atom.fenced && q.max > 1 && (atom.innerUnbounded || atom.innerVaries)) this.risk ??= 'nested';
    if (q.max === Infinity && atom.alike) this.risk ??= 'alternation';
    return { ...atom, min: q.min, max: q.max, degree: Math.max(atom.degree, q.max === Infinity ? 1 : 0) };
  }

  quantifier(): { min: number; max: number } | null {
    const c = this.s[this.i];
    let q: { min: number; max: number } | null = null;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i));
      if (!m) return null;
      const min = Number(m[1]);
      this.i += m[0].length;
      const max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity;
      if (this.s[this.i] === '?') this.i++;
      return { min, max };
    }
    if (!q) return null;
    this.i++;
    if (this.s[this.i] === '?') this.i++;
    return q;
  }

  atom(): Node | null {
    const s = this.s;
    const start = this.i;
    const c = s[this.i]!;
    const leaf = (source: string, consumes = true): Node => {
      const chars = consumes ? setOf(source) : none();
      return {
        chars,
        first: chars,
        min: 1,
        max: 1,
        innerVaries: false,
        innerUnbounded: false,
        consumes,
        alike: false,
        fenced: false,
        degree: 0,
        len: consumes ? 1 : 0,
      };
    };
    if (c === '^' || c === '$') {
      this.i++;
      return leaf(c, false);
    }
    if (c === '(') {
      this.i++;
      const look = /^\?(?:<?[=!])/.exec(s.slice(this.i));
      const named = /^\?<[A-Za-z_$][\w$]*>/.exec(s.slice(this.i));
      if (look) this.i += look[0].length;
      else if (named) this.i += named[0].length;
      else if (s.startsWith('?:', this.i)) this.i += 2;
      const inner = this.alternation();
      this.i++; // ')'
      if (look) return leaf('', false);
      // An unbounded repeat of alternatives that may start alike backtracks through every split.
      return {
        chars: inner.chars,
        first: inner.first,
        min: 1,
        max: 1,
        innerVaries: inner.varies,
        innerUnbounded: inner.unb,
        consumes: inner.consumes,
        alike: inner.alts.some((a, k) => inner.alts.slice(k + 1).some((b) => overlaps(a.first, b.first))),
        fenced: inner.alts.length === 1 && inner.alts[0]!.fenced,
        degree: inner.degree,
        len: look ? 0 : inner.len,
      };
    }
    if (c === '[') {
      this.i++;
      if (s[this.i] === '^') this.i++;
      while (this.i < s.length && s[this.i] !== ']') this.i += s[this.i] === '\\' ? 2 : 1;
      this.i++;
      return leaf(s.slice(start, this.i));
    }
    if (c === '\\') {
      const rest = s.slice(this.i + 1);
      if (/^[1-9]/.test(rest) || rest.startsWith('k<')) {
        this.risk ??= 'backreference';
        this.i += rest.startsWith('k<') ? rest.indexOf('>') + 2 : 2;
        return leaf('', false);
      }
      if (rest[0] === 'b' || rest[0] === 'B') {
        this.i += 2;
        return leaf('', false);
      }
      const long = /^(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z])/.exec(rest);
      this.i += 1 + (long ? long[0].length : 1);
      return leaf(s.slice(start, this.i));
    }
    // One literal character (a surrogate pair counts as one in 'u' mode).
    this.i += c.codePointAt(0)! > 0xffff ? 2 : 1;
    return leaf(s.slice(start, this.i).replace(/[.*+?^${}()|[\]\\/]/g, (m) => (m === '.' ? '.' : `\\${m}`)));
  }
}

/** Answers given (every submission checks its fields' patterns; a form has a handful). */
const known = new Map<string, PatternRisk | null>();

/**
 * Why a valid pattern is too slow to run, or null when it is safe. The pattern must already
 * compile with the 'u' flag (compilePattern in definition.ts); `longAnswers`: it checks
 * answers of thousands of characters.
 */
export function patternRisk(pattern: string, longAnswers = false): PatternRisk | null {
  const key = `${longAnswers ? 'L' : 'S'}${pattern}`;
  let risk = known.get(key);
  if (risk === undefined) {
    const reader = new Reader(pattern);
    const { degree } = reader.alternation();
    risk = reader.risk ?? (degree >= (longAnswers ? 2 : 3) ? 'overlap' : null);
    if (known.size > 500) known.clear();
    known.set(key, risk);
  }
  return risk;
}

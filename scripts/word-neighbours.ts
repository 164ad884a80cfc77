/**
 * Writes server/modules/documents/word-neighbours.ts: for each common word of technical
 * documentation, the words used in its place (docs/document-chat.md, *Evaluation*). Two steps:
 *
 *   node --import tsx scripts/word-neighbours.ts corpus > /tmp/doc-corpus.txt
 *   node --import tsx scripts/word-neighbours.ts table /tmp/doc-corpus.txt
 *
 * `corpus` prints the prose of the documentation installed on this machine, one paragraph a line:
 * English man pages (/usr/share/man/man*), info manuals, /usr/share/doc (text, Markdown,
 * reStructuredText, HTML), GNOME's and GIMP's help and the README.md files of node_modules. Every
 * document the evaluation uses is left out (the fixtures' README lists them: grep, tar, ssh, vim,
 * Apache httpd, pip, Node.js, valgrind, bzip2, fontconfig, libtasn1, nettle, shared-mime-info,
 * zlib), and so are Google Cloud CLI's 16,000 generated pages (`gcloud …`: one product's
 * boilerplate would outweigh the rest) and licences (copyright and COPYING files, /usr/share/common-licenses, and any
 * page, node or file saying "this License" three times or more, as a licence's text does, and
 * any paragraph naming the GNU, Mozilla or Apache licences, as a manual's copying notice does): a
 * table learned from the test documents would fit them, not generalise.
 *
 * `table` reads the words as the ranking does (terms.ts termsOf: Porter stems; a stop word is
 * kept as a context, never a table's word), counts for the commonest VOCAB words those within
 * WINDOW words of each other (nearer ones counting double), weighs the counts by positive
 * pointwise mutual information (the context's frequency smoothed to the power 0.75), reduces the
 * matrix to DIMS dimensions by a randomized eigendecomposition (it is symmetric) and writes for
 * the commonest KEYS stems their nearest among the commonest CANDIDATES by cosine, at most TOP
 * above MIN_COSINE. The hope was that a small window puts words that stand in each other's place
 * together ("folder" / "directory") more than words of one topic; measured, it mostly did not,
 * and the ranking does not read the table (docs/document-chat.md, *Evaluation*, "Word neighbours
 * from documentation"). SHOW="word …" prints those words' neighbours with their cosines instead
 * of writing the table, SCORES=1 prints every line with them, VECTORS_CACHE=/tmp/name keeps the
 * vectors between runs (the counting and the reduction take minutes, the table a few more).
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { stem } from '../server/modules/documents/stem';
import { termsOf } from '../server/modules/documents/terms';

const OUT = join(import.meta.dirname, '../server/modules/documents/word-neighbours.ts');
const VOCAB = Number(process.env.VOCAB ?? 30000);
/** The stems a word's neighbours are chosen from: the commonest CANDIDATES (a rare stem's vector is mostly noise). */
const CANDIDATES = Number(process.env.CANDIDATES ?? 15000);
/** The stems a table line is written for: the commonest KEYS of the vocabulary. */
const KEYS = Number(process.env.KEYS ?? 25000);
const WINDOW = 2;
const DIMS = Number(process.env.DIMS ?? 150);
const TOP = Number(process.env.TOP ?? 6);
const MIN_COSINE = Number(process.env.MIN_COSINE ?? 0.65);
/** The eigenvalues' weight in a word's vector (0: the eigenvectors alone, which compare words best in Levy et al. 2015). */
const EIGEN_POWER = Number(process.env.EIGEN_POWER ?? 0.5);

// ---------------------------------------------------------------------------------------------
// corpus

/** The evaluation's documents and their packages, and licences, by a part of their path. */
const EXCLUDED =
  /(?:^|[/])(?:grep|[ef]grep|tar|rmt|ssh|ssh[-_.][^/]*|sshd[^/]*|scp|sftp|openssh[^/]*|vim[^/]*|g?vi|view|ex|rvim|apache2[^/]*|httpd[^/]*|python3-pip|pip[0-9.]*|node|nodejs|npm|valgrind[^/]*|bzip2|libbz2[^/]*|bz[a-z]+|fontconfig[^/]*|fc-[^/]*|fonts-conf|libtasn1[^/]*|nettle[^/]*|shared-mime-info|update-mime-database|zlib[^/]*|common-licenses|copyright|COPYING[^/]*|LICEN[CS]E[^/]*|changelog[^/]*|gcloud[^/]*|bq|gsutil)(?:[./]|$)/i;
/** The same by a part of a path anywhere, and copies of documentation already read in another form. */
const EXCLUDED_PATH =
  /valgrind|bzip|fontconfig|tasn1|nettle|zlib|shared-mime|openssh|apache2|\/_sources\/|\/linux-doc-[^/]*\/html\//i;
/** A paragraph naming one of the evaluation's licences (a manual's copying notice). */
const LICENCE_NOTICE =
  /\b(?:GNU (?:Free Documentation|(?:Lesser |Library )?General Public)|Mozilla Public|Apache) Licen[cs]e\b/i;
const LICENCE = /\b(?:this|the) Licen[cs]e\b/gi;

const strip = {
  roff: (text: string) =>
    text
      .split('\n')
      .map((line) => {
        if (
          /^[.'](?:SH|SS|B|I|BR|RB|BI|IB|IR|RI|SM|SB|Nm|Nd|Sh|Ss|Ar|Fl|Pa|Em|Dq|Ql|Xr|It|Op|Cm|Ic|Va|Ev)\b/.test(line)
        )
          return line.replace(/^[.']\S+\s*/, '').replace(/"/g, '');
        if (/^[.']/.test(line)) return line.startsWith('.PP') || line.startsWith('.P ') || line === '.P' ? '' : null;
        return line;
      })
      .filter((l): l is string => l !== null)
      .join('\n')
      .replace(/\\f(?:\[[^\]]*\]|\(..|.)/g, '')
      .replace(/\\\(..|\\\[[^\]]*\]|\\\*(?:\(..|\[[^\]]*\]|.)/g, ' ')
      .replace(/\\[-e&|^%:]/g, (m) => (m === '\\-' ? '-' : m === '\\e' ? '\\' : ''))
      .replace(/\\s[-+]?\d/g, ''),
  html: (text: string) =>
    text
      .replace(/<(script|style|pre|code)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/?(?:p|div|h\d|li|td|th|tr|dd|dt|br|section|title|table|ul|ol|blockquote)\b[^>]*>/gi, '\n\n')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+|[a-z]+);/gi, ' '),
  text: (text: string) => text.replace(/^```[\s\S]*?^```/gm, ' ').replace(/^(?: {4}|\t).*$/gm, ''),
};

function* files(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e);
    if (EXCLUDED.test(e) || EXCLUDED_PATH.test(path)) continue;
    let st;
    try {
      st = statSync(path);
    } catch {
      continue;
    }
    if (st.isDirectory()) yield* files(path);
    else if (st.isFile() && st.size < 20_000_000) yield path;
  }
}

function read(path: string): string {
  const raw = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
}

/** The file's prose by its kind (its name without .gz), or null for a kind not read. */
function prose(path: string, text: string): string | null {
  const name = path.replace(/\.gz$/, '');
  if (/\/man\/man\d[^/]*\//.test(path)) return strip.roff(text);
  if (/\.(?:html?|xhtml|page|xhp|xml)$/i.test(name)) return strip.html(text);
  if (/\/info\//.test(path) && /\.info(?:-\d+)?$/.test(name)) return text;
  if (/\.(?:txt|md|rst|markdown)$/i.test(name) || /\/(?:README|FAQ|NEWS|HOWTO|USAGE)[^/]*$/i.test(name))
    return strip.text(text);
  return null;
}

/** The parts of a document judged as licences one by one: an info manual's nodes, else the whole. */
const partsOf = (path: string, text: string) => (/\/info\//.test(path) ? text.split('\x1f') : [text]);

const ROOTS = [
  '/usr/share/man/man1',
  '/usr/share/man/man2',
  '/usr/share/man/man3',
  '/usr/share/man/man4',
  '/usr/share/man/man5',
  '/usr/share/man/man6',
  '/usr/share/man/man7',
  '/usr/share/man/man8',
  '/usr/share/info',
  '/usr/share/doc',
  '/usr/share/help/C',
  '/usr/share/gimp/2.0/help/en',
  '/usr/share/libreoffice/help/en-US',
];

function corpus(): void {
  const out = process.stdout;
  const seen = new Set<string>();
  const paths = [...ROOTS.flatMap((r) => [...files(r)])];
  // node_modules' README.md files, one a package (found through the worktree's link).
  for (const p of files(join(import.meta.dirname, '../node_modules')))
    if (/\/README\.md$/i.test(p) && !/\/node_modules\/.*\/node_modules\//.test(p)) paths.push(p);
  let words = 0;
  for (const path of paths) {
    let text: string;
    try {
      text = read(path);
    } catch {
      continue;
    }
    const body = prose(path, text);
    if (body === null) continue;
    for (const part of partsOf(path, body)) {
      if ((part.match(LICENCE)?.length ?? 0) >= 3) continue;
      // The same text under two names (python's docs as .txt and .html, symlinked man pages): once.
      const key = part.slice(0, 2000);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const para of part.split(/\n\s*\n/)) {
        const line = para.replace(/\s+/g, ' ').trim();
        if (line.length < 20 || LICENCE_NOTICE.test(line)) continue;
        words += line.split(' ').length;
        out.write(`${line}\n`);
      }
    }
  }
  process.stderr.write(`${paths.length} files, ${words} words\n`);
}

// ---------------------------------------------------------------------------------------------
// table

/**
 * A text's words: a word's terms as the ranking reads them (termsOf on the word alone), and a
 * stop word as itself marked with "~": the stop words are contexts ("to skip the" and "to exclude
 * the" are what make the two alike) but never a table's word.
 */
const termCache = new Map<string, string[]>();
function termsCached(line: string, f: (t: string) => void): void {
  for (const m of line.matchAll(/[\p{L}\p{N}]+/gu)) {
    let ts = termCache.get(m[0]);
    if (!ts) {
      ts = termsOf(m[0]);
      if (ts.length === 0) ts = [`~${m[0].toLowerCase()}`];
      if (termCache.size < 2_000_000) termCache.set(m[0], ts);
    }
    for (const t of ts) f(t);
  }
}

const t0 = Date.now();
const log = (s: string) => process.stderr.write(`${((Date.now() - t0) / 1000).toFixed(0)}s ${s}\n`);

/** The vocabulary's unit vectors (DIMS each, in one array), kept in VECTORS_CACHE when set. */
type Similar = (i: number, sims: Float32Array) => void;
async function vectors(path: string): Promise<{ words: string[]; similar: Similar }> {
  const cache = process.env.VECTORS_CACHE;
  if (cache && existsSync(`${cache}.words`)) {
    const words = readFileSync(`${cache}.words`, 'utf8').split('\n');
    const b = readFileSync(`${cache}.f32`);
    return { words, similar: dense(words, new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4)) };
  }
  // Pass 1: the stems' counts, the corpus as ids (-1 between paragraphs).
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const counts: number[] = [];
  let stream = new Int32Array(1 << 24);
  let len = 0;
  const push = (id: number) => {
    if (len === stream.length) {
      const bigger = new Int32Array(stream.length * 2);
      bigger.set(stream);
      stream = bigger;
    }
    stream[len++] = id;
  };
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    termsCached(line, (t) => {
      let id = idOf.get(t);
      if (id === undefined) {
        id = names.length;
        idOf.set(t, id);
        names.push(t);
        counts.push(0);
      }
      counts[id]!++;
      push(id);
    });
    push(-1);
  }
  log(`${len} tokens, ${names.length} stems`);
  // The vocabulary: the commonest stems of Latin letters (a number, a one-letter word or another
  // script's word is no English wording).
  const order = names
    .map((_, i) => i)
    .filter((i) => /^~?[a-z]{2,}$/.test(names[i]!))
    .sort((a, b) => counts[b]! - counts[a]!)
    .slice(0, VOCAB);
  const V = order.length;
  const vocabOf = new Int32Array(names.length).fill(-1);
  order.forEach((id, v) => (vocabOf[id] = v));
  const words = order.map((id) => names[id]!);
  log(`vocabulary ${V}, the last ${words[V - 1]} seen ${counts[order[V - 1]!]} times`);

  // Pass 2: the pairs within WINDOW words (words out of the vocabulary skipped, as a stop word is),
  // each pair as one 32-bit code (v1 << 16 | v2), a pair at distance 1 twice, at 2 once; counted by
  // sorting each chunk of codes and merging the runs.
  const cooc: { code: Uint32Array; n: Float32Array }[] = [];
  let buf = new Uint32Array(1 << 26);
  let b = 0;
  const flush = () => {
    const s = buf.subarray(0, b).sort();
    const code: number[] = [];
    const n: number[] = [];
    for (let k = 0; k < s.length; ) {
      let e = k;
      while (e < s.length && s[e] === s[k]) e++;
      code.push(s[k]!);
      n.push(e - k);
      k = e;
    }
    cooc.push({ code: Uint32Array.from(code), n: Float32Array.from(n) });
    b = 0;
  };
  const emit = (x: number, y: number) => {
    if (b + 2 > buf.length) flush();
    buf[b++] = (x << 16) | y;
    buf[b++] = (y << 16) | x;
  };
  let w1 = -1;
  let w2 = -1;
  for (let k = 0; k < len; k++) {
    const id = stream[k]!;
    if (id < 0) {
      w1 = w2 = -1;
      continue;
    }
    const v = vocabOf[id]!;
    if (v < 0) continue;
    if (w1 >= 0) {
      emit(v, w1);
      emit(v, w1);
    }
    if (w2 >= 0) emit(v, w2);
    w2 = w1;
    w1 = v;
  }
  flush();
  buf = new Uint32Array(0);
  // Merge the chunks into rows (CSR).
  let total = 0;
  // Sum per code across chunks with a k-way merge (chunks are each sorted).
  const heads = cooc.map(() => 0);
  const codes: number[] = [];
  const values: number[] = [];
  for (;;) {
    let min = Infinity;
    for (let c = 0; c < cooc.length; c++)
      if (heads[c]! < cooc[c]!.code.length) min = Math.min(min, cooc[c]!.code[heads[c]!]!);
    if (min === Infinity) break;
    let sum = 0;
    for (let c = 0; c < cooc.length; c++)
      if (heads[c]! < cooc[c]!.code.length && cooc[c]!.code[heads[c]!] === min) sum += cooc[c]!.n[heads[c]!++]!;
    codes.push(min);
    values.push(sum);
    total += sum;
  }
  cooc.length = 0;
  log(`${codes.length} pairs`);

  // PPMI: log(P(i,j) / (P(i) P_0.75(j))), kept where positive.
  const rowSum = new Float64Array(V);
  const colSum = new Float64Array(V);
  for (let k = 0; k < codes.length; k++) {
    const [i, j] = [codes[k]! >>> 16, codes[k]! & 0xffff];
    rowSum[i] = rowSum[i]! + values[k]!;
    colSum[j] = colSum[j]! + values[k]!;
  }
  let smoothed = 0;
  for (let j = 0; j < V; j++) smoothed += colSum[j]! ** 0.75;
  const rowStart = new Int32Array(V + 1);
  const col: number[] = [];
  const val: number[] = [];
  let row = 0;
  for (let k = 0; k < codes.length; k++) {
    const i = codes[k]! >>> 16;
    const j = codes[k]! & 0xffff;
    while (row < i) rowStart[++row] = col.length;
    const pmi = Math.log((values[k]! * smoothed) / (rowSum[i]! * colSum[j]! ** 0.75));
    if (pmi > 0) {
      col.push(j);
      val.push(pmi);
    }
  }
  while (row < V) rowStart[++row] = col.length;
  const cols = Int32Array.from(col);
  const vals = Float32Array.from(val);
  codes.length = 0;
  values.length = 0;
  log(`PPMI ${vals.length} entries (${total} pair counts)`);

  // Randomized eigendecomposition of the symmetric PPMI matrix A: Q spans A's top range (A Ω, two
  // power steps, each orthonormalised), B = Qᵀ A Q is small and decomposed by Jacobi rotations.
  const L = DIMS + 20;
  const times = (X: Float32Array, Y: Float32Array) => {
    // Y (V×L) = A X, matrices row-major.
    Y.fill(0);
    for (let i = 0; i < V; i++) {
      const yi = i * L;
      for (let p = rowStart[i]!; p < rowStart[i + 1]!; p++) {
        const a = vals[p]!;
        const xj = cols[p]! * L;
        for (let c = 0; c < L; c++) Y[yi + c] = Y[yi + c]! + a * X[xj + c]!;
      }
    }
  };
  const orthonormalise = (X: Float32Array) => {
    // Modified Gram-Schmidt on the L columns, in Float64 per column.
    const colv = new Float64Array(V);
    const done: Float64Array[] = [];
    for (let c = 0; c < L; c++) {
      for (let i = 0; i < V; i++) colv[i] = X[i * L + c]!;
      for (const q of done) {
        let d = 0;
        for (let i = 0; i < V; i++) d += q[i]! * colv[i]!;
        for (let i = 0; i < V; i++) colv[i] = colv[i]! - d * q[i]!;
      }
      let norm = 0;
      for (let i = 0; i < V; i++) norm += colv[i]! ** 2;
      norm = Math.sqrt(norm) || 1;
      const q = new Float64Array(V);
      for (let i = 0; i < V; i++) q[i] = colv[i]! / norm;
      done.push(q);
      for (let i = 0; i < V; i++) X[i * L + c] = q[i]!;
    }
  };
  let seed = 12345;
  const random = () => {
    // A fixed seed: the same corpus gives the same table.
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  let Q = new Float32Array(V * L).map(() => random());
  let Y = new Float32Array(V * L);
  times(Q, Y);
  [Q, Y] = [Y, Q];
  orthonormalise(Q);
  for (let step = 0; step < 2; step++) {
    times(Q, Y);
    [Q, Y] = [Y, Q];
    orthonormalise(Q);
    log(`power step ${step + 1}`);
  }
  times(Q, Y); // Y = A Q
  const B = new Float64Array(L * L);
  for (let i = 0; i < V; i++)
    for (let a = 0; a < L; a++) {
      const q = Q[i * L + a]!;
      for (let c = 0; c < L; c++) B[a * L + c] = B[a * L + c]! + q * Y[i * L + c]!;
    }
  for (let a = 0; a < L; a++)
    for (let c = a + 1; c < L; c++) B[a * L + c] = B[c * L + a] = (B[a * L + c]! + B[c * L + a]!) / 2;
  const { values: eig, vectors } = jacobi(B, L);
  // The largest in size, as a singular value decomposition would keep (a PPMI matrix has large negative ones too).
  const top = [...eig.keys()].sort((x, y) => Math.abs(eig[y]!) - Math.abs(eig[x]!)).slice(0, DIMS);
  log(`eigenvalues ${eig[top[0]!]!.toFixed(1)} .. ${eig[top[DIMS - 1]!]!.toFixed(1)}`);
  // The words' vectors: Q times B's eigenvectors, scaled by eigenvalue^EIGEN_POWER, then unit length.
  const vec = new Float32Array(V * DIMS);
  for (let i = 0; i < V; i++) {
    let norm = 0;
    for (let d = 0; d < DIMS; d++) {
      const e = top[d]!;
      let s = 0;
      for (let a = 0; a < L; a++) s += Q[i * L + a]! * vectors[a * L + e]!;
      s *= Math.abs(eig[e]!) ** EIGEN_POWER;
      vec[i * DIMS + d] = s;
      norm += s * s;
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < DIMS; d++) vec[i * DIMS + d] = vec[i * DIMS + d]! / norm;
  }
  log('vectors');
  if (cache) {
    writeFileSync(`${cache}.words`, words.join('\n'));
    writeFileSync(`${cache}.f32`, Buffer.from(vec.buffer));
  }
  return { words, similar: dense(words, vec) };
}

/** Cosines of unit vectors (DIMS each) to vector i, for the candidates. */
const dense =
  (words: string[], vec: Float32Array): Similar =>
  (i, sims) => {
    const vi = vec.subarray(i * DIMS, (i + 1) * DIMS);
    for (let j = 0; j < Math.min(words.length, CANDIDATES); j++) {
      let s = 0;
      const o = j * DIMS;
      for (let d = 0; d < DIMS; d++) s += vi[d]! * vec[o + d]!;
      sims[j] = s;
    }
  };

/** A word's nearest words by cosine (its vector's index i), at most TOP above MIN_COSINE. */
function nearest(words: string[], similar: Similar, i: number, sims: Float32Array): number[] {
  const V = words.length;
  similar(i, sims);
  sims[i] = -1;
  const best: number[] = [];
  for (let j = 0; j < Math.min(V, CANDIDATES); j++) {
    if (sims[j]! < MIN_COSINE || words[j]!.startsWith('~')) continue;
    if (best.length < TOP || sims[j]! > sims[best[best.length - 1]!]!) {
      best.push(j);
      best.sort((x, y) => sims[y]! - sims[x]!);
      if (best.length > TOP) best.pop();
    }
  }
  return best;
}

async function table(path: string): Promise<void> {
  const { words, similar } = await vectors(path);
  const V = words.length;
  const sims = new Float32Array(V);
  // `SHOW="folder skip …"`: those words' neighbours with their cosines, no table written.
  if (process.env.SHOW) {
    const index = new Map(words.map((w, i) => [w, i]));
    for (const w of process.env.SHOW.split(/\s+/).filter(Boolean)) {
      const i = index.get(stem(w));
      if (i === undefined) {
        process.stdout.write(`${w} (${stem(w)}): not in the vocabulary\n`);
        continue;
      }
      const best = nearest(words, similar, i, sims);
      process.stdout.write(
        `${w} (${stem(w)}, #${i}): ${best.map((j) => `${words[j]} ${sims[j]!.toFixed(2)}`).join(', ')}\n`,
      );
    }
    return;
  }

  // Each key's nearest words.
  const lines: string[] = [];
  for (let i = 0; i < Math.min(KEYS, V); i++) {
    const best = nearest(words, similar, i, sims);
    if (best.length && !words[i]!.startsWith('~')) lines.push(`${words[i]} ${best.map((j) => words[j]).join(' ')}`);
    if (process.env.SCORES && !words[i]!.startsWith('~'))
      process.stdout.write(`${words[i]} ${best.map((j) => `${words[j]}:${sims[j]!.toFixed(3)}`).join(' ')}\n`);
  }
  log(`${lines.length} lines`);
  lines.sort();
  writeFileSync(
    OUT,
    `/**
 * Generated by scripts/word-neighbours.ts: do not edit. Each line: a stem, then the stems used in
 * its place in technical documentation (nearest by cosine, at most ${TOP}, above ${MIN_COSINE}, in a
 * ${DIMS}-dimensional reduction of the positive PMI of stems within ${WINDOW} words of each other,
 * the commonest ${V} words, stop words as contexts). Not read by the ranking: measured and left out
 * (docs/document-chat.md, *Evaluation*).
 *
 * Learned from the documentation of the Debian 12 packages installed where it was generated
 * (\`corpus\` in scripts/word-neighbours.ts: man pages, info manuals, /usr/share/doc, GNOME's,
 * GIMP's and LibreOffice's help, node_modules' READMEs; the evaluation's documents and licences left
 * out). It holds counts of which words stand near which, no text of theirs. Their licences, per
 * package (/usr/share/doc/PACKAGE/copyright): GPL-2+/GPL-3+, LGPL-2.1+ and the GNU FDL (GNU
 * manuals, the kernel's, git's, FFmpeg's documentation, GIMP's help), BSD and MIT/Expat (most man
 * pages, READMEs), the PSF licence (Python's documentation), the PostgreSQL licence, public domain
 * (SQLite's), CC BY-SA 3.0 (GNOME's help, debian-handbook also GPL-2+), the MPL 2.0 (LibreOffice's
 * help), the Artistic licence or GPL (Perl's documentation).
 */
export const WORD_NEIGHBOURS = \`
${lines.join('\n')}
\`;
`,
  );
}

/** A symmetric n×n matrix's eigenvalues and eigenvectors (columns), by cyclic Jacobi rotations. */
function jacobi(input: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const a = Float64Array.from(input);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-14) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: [...Array(n).keys()].map((i) => a[i * n + i]!), vectors: v };
}

if (process.argv[2] === 'corpus') corpus();
else if (process.argv[2] === 'table' && process.argv[3]) await table(process.argv[3]);
else process.stderr.write('usage: word-neighbours.ts corpus > FILE | table FILE\n');

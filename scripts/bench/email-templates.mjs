/**
 * `npm run bench:email-templates`: how long rendering a ~30 KB MJML template takes on the server
 * (what a save and a preview do: nesting check, mjml, text part, checks, sample data) — p50 and
 * p99 over BENCH_RENDERS (default 200) renders one after another (scripts/bench/email-render.ts);
 * then, from the last build in dist/ (`npx vite build` first), the template editor's JavaScript
 * in gzip KB (the setup page, mjml-browser, the visual mode's editor) and whether the first load
 * (index.html and the chunks it names) holds any of it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';

const RENDERS = process.env.BENCH_RENDERS ?? '200';
console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/email-render.ts', '--count', RENDERS], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (res.status !== 0) throw new Error(`email render bench failed:\n${res.stdout}`);
const r = JSON.parse(res.stdout.trim().split('\n').pop());
console.log(
  `render ${r.sourceKb} KB of MJML (${r.htmlKb} KB of HTML): ${r.n} renders, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
);

const ASSETS = 'dist/assets';
if (!existsSync(ASSETS)) {
  console.log('no dist/: run `npx vite build` for the editor chunk sizes');
  process.exit(0);
}
const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
const read = (f) => readFileSync(`${ASSETS}/${f}`, 'utf8');
const gzKb = (f) => (gzipSync(readFileSync(`${ASSETS}/${f}`)).length / 1024).toFixed(1);
const page = files.find((f) => f.startsWith('TemplateSetupPage-'));
// mjml-browser's chunk: the one whose code names MJML's column component.
const mjml = files.find((f) => f !== page && read(f).includes('mj-column'));
// The visual mode's editor: a chunk of its own, which the setup page imports when a template is visual.
const visual = files.find((f) => f.startsWith('VisualEditor-'));
console.log(`setup page chunk ${page}: ${gzKb(page)} KB gzip`);
console.log(`visual editor chunk ${visual}: ${gzKb(visual)} KB gzip`);
console.log(`mjml-browser chunk ${mjml}: ${gzKb(mjml)} KB gzip`);

// The first load: the entry script of index.html and every chunk it imports statically.
const html = readFileSync('dist/index.html', 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const first = new Set();
const walk = (f) => {
  if (first.has(f)) return;
  first.add(f);
  for (const m of read(f).matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    walk(m[1]);
};
walk(entry);
const leaked = [...first].filter((f) => f === page || f === mjml || f === visual);
console.log(
  `first load: ${first.size} chunks, editor or mjml among them: ${leaked.length ? leaked.join(', ') : 'none'}`,
);
// Who asks for mjml-browser's chunk at all: the setup page alone (its dynamic import).
const askers = files.filter((f) => f !== mjml && read(f).includes(mjml));
console.log(`chunks that name the mjml-browser chunk: ${askers.join(', ')}`);
const visualAskers = files.filter((f) => f !== visual && read(f).includes(visual));
console.log(`chunks that name the visual editor chunk: ${visualAskers.join(', ')}`);

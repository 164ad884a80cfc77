/**
 * gzip KB of JavaScript that the generated list screen (src/resources/engine/ResourceList.tsx)
 * adds to a signed-in first load: the files its route chunk statically pulls in that the app
 * shell (index.html entry + LoggedInApp, which every signed-in screen loads) does not already
 * have. Read from Vite's manifest, so it needs a build with one:
 *
 *   npx vite build --manifest --outDir /tmp/list-kb && node scripts/bench/list-screen-kb.mjs /tmp/list-kb
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipKb } from './browser-session.mjs';

const dir = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));

/** The chunk files a manifest entry loads before it runs (its static imports, transitively). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const next of chunk.imports ?? []) closure(next, seen);
  return seen;
}

const kb = (file) => gzipKb(dir, file);
const sum = (files) => [...files].reduce((total, file) => total + kb(file), 0);

const shell = new Set([...closure('index.html'), ...closure('src/custom/routes/LoggedInApp.tsx')]);
const report = {};
for (const [name, key] of [
  ['list', 'src/resources/engine/ResourceList.tsx'],
  ['form', 'src/resources/engine/ResourceForm.tsx'],
  ['show', 'src/resources/engine/ResourceShow.tsx'],
  ['importDialog (on demand)', 'src/resources/engine/ImportDialog.tsx'],
]) {
  const added = [...closure(key)].filter((file) => !shell.has(file));
  report[name] = { gzipKb: Number(sum(added).toFixed(1)), files: added.length };
}
console.log(`app shell (entry + LoggedInApp): ${sum(shell).toFixed(1)} KB gzip in ${shell.size} files`);
console.table(report);
const own = manifest['src/resources/engine/ResourceList.tsx'].file;
console.log(`ResourceList chunk itself: ${kb(own).toFixed(1)} KB gzip (${own})`);

/**
 * `npm run bench:bundle-sources`: what the first-load figures of `npm run bench:bundle` are made
 * of. Builds with source maps, lets Chromium fetch the login page and each account's first page
 * as bench:bundle does, then splits every fetched file's gzip size over the sources its source map
 * names: per package (node_modules) or per file (src/). A file's share is the gzip size of its
 * own code, scaled so that the shares of one fetched file add up to that file's real gzip size.
 *
 *   npm run bench:bundle-sources                  # packages, top 25 of each table
 *   npm run bench:bundle-sources -- --files 40    # single files instead of packages, top 40
 *   BENCH_CLIENT_DIR=/tmp/x npm run bench:bundle-sources   # reuse a build made with --sourcemap
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureDemoAccounts } from './bundle-run.mjs';

const args = process.argv.slice(2);
const byFile = args.includes('--files');
const limitArg = args.find((a) => /^\d+$/.test(a));
const limit = limitArg ? Number(limitArg) : 25;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]));

/** One line of a source map's `mappings`: [generated column, source index or -1] per segment. */
function decodeLine(text, state) {
  const segments = [];
  for (const segment of text.split(',')) {
    if (!segment) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = DIGIT[char];
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    state.column += values[0];
    if (values.length > 1) {
      state.source += values[1];
      segments.push([state.column, state.source]);
    } else {
      segments.push([state.column, -1]);
    }
  }
  return segments;
}

/** `node_modules/@scope/name/…` → `@scope/name`; `src/…` stays the file's path. */
function groupOf(source) {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    if (byFile) return parts.join('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source;
}

/** A fetched file's gzip KB per group, adding up to the file's own gzip KB. */
function splitFile(path) {
  const code = readFileSync(path, 'utf8');
  const total = gzipSync(code, { level: 6 }).length / 1024;
  const mapPath = `${path}.map`;
  if (!existsSync(mapPath)) return new Map([['[no source map]', total]]);
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const sources = map.sources.map((s) => groupOf(resolve(dirname(path), map.sourceRoot ?? '', s)));
  const pieces = new Map();
  const add = (group, text) => {
    if (text) pieces.set(group, (pieces.get(group) ?? '') + text);
  };
  const lines = code.split('\n');
  const state = { column: 0, source: 0 };
  map.mappings.split(';').forEach((mapped, i) => {
    const line = lines[i] ?? '';
    state.column = 0;
    const segments = decodeLine(mapped, state);
    add('[unmapped]', line.slice(0, segments[0]?.[0] ?? line.length));
    segments.forEach(([column, source], j) => {
      add(source >= 0 ? sources[source] : '[unmapped]', line.slice(column, segments[j + 1]?.[0] ?? line.length));
    });
  });
  const raw = new Map([...pieces].map(([group, text]) => [group, gzipSync(text, { level: 6 }).length]));
  const rawSum = [...raw.values()].reduce((a, b) => a + b, 0);
  return new Map([...raw].map(([group, bytes]) => [group, (bytes / rawSum) * total]));
}

function tally(clientDir, fileNames) {
  const kb = new Map();
  for (const name of fileNames) {
    for (const [group, share] of splitFile(join(clientDir, decodeURIComponent(name)))) {
      kb.set(group, (kb.get(group) ?? 0) + share);
    }
  }
  return kb;
}

function print(title, kb) {
  const rows = [...kb].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, v]) => sum + v, 0);
  console.log(`\n${title}: ${total.toFixed(1)} KB gzip`);
  console.table(Object.fromEntries(rows.slice(0, limit).map(([group, v]) => [group, Number(v.toFixed(2))])));
}

await measureDemoAccounts({
  sourcemap: true,
  report(rows, clientDir) {
    // The login page is the same for every account; what comes after sign-in differs.
    print('Login page', tally(clientDir, rows[0].loginFileNames));
    for (const row of rows) {
      const after = row.fileNames.filter((name) => !row.loginFileNames.includes(name));
      print(`${row.account}: after sign-in, up to ${row.firstPage} (${after.length} files)`, tally(clientDir, after));
    }
  },
});

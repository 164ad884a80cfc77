/**
 * The server as `npm start` runs it: server/index.ts bundled by esbuild into build/server/
 * (ES modules, one chunk per lazily imported module, npm packages left as imports). Starting
 * from the bundle skips transpiling ~200 TypeScript files at every start (tsx did that: about
 * 0.6 s of a 2 s start on this machine). Rebuilt when anything under server/ or src/ is newer.
 * `npm run dev` and the tests keep running the TypeScript directly; the browser tests run this
 * bundle, so the path users take is the one tested.
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// SERVER_BUILD_DIR (inside the project, so the bundle finds node_modules) lets parallel test runs keep their own bundle (a rebuild
// deletes the directory, and a running server still loads lazy chunks from it).
export const SERVER_BUILD_DIR = process.env.SERVER_BUILD_DIR || 'build/server';
export const SERVER_ENTRY = join(SERVER_BUILD_DIR, 'index.mjs');

function newestUnder(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  for (const file of ['package.json', 'package-lock.json'])
    if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

export function serverBuildIsStale() {
  return !existsSync(SERVER_ENTRY) || statSync(SERVER_ENTRY).mtimeMs < newestUnder(['server', 'src']);
}

export async function buildServer() {
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  await build({
    entryPoints: ['server/index.ts'],
    outdir: SERVER_BUILD_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // server/db/client.ts finds its migrations beside itself (import.meta.url): beside the chunks.
  cpSync('server/db/migrations', join(SERVER_BUILD_DIR, 'migrations'), { recursive: true });
  // PGlite's thread (server/db/pglite-thread.ts) starts this file from beside itself too.
  cpSync('server/db/pglite-worker.mjs', join(SERVER_BUILD_DIR, 'pglite-worker.mjs'));
}

export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return false;
  await buildServer();
  return true;
}

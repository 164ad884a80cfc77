/**
 * `npm run bench:bundle`: only the first-load figures of `npm run bench` (JavaScript fetched for
 * the login page and for login + first page, gzip KB, in Chromium), without its start-up and
 * load runs. Builds into a temp directory (BENCH_CLIENT_DIR to reuse a build) so it never
 * replaces the dist/ that a running server or browser test is using, and serves that build
 * from a throwaway server on a fresh data directory.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../lib/postgres.mjs';
import { startServer } from './server-process.mjs';
import { measureBundle } from './bundle.mjs';

const PASSWORD = 'Demo1234!';
const ACCOUNTS = ['admin@demo.test', 'clubowner@demo.test', 'user@demo.test'];

const ownBuild = !process.env.BENCH_CLIENT_DIR;
const clientDir = resolve(process.env.BENCH_CLIENT_DIR ?? mkdtempSync(join(tmpdir(), 'bo-bundle-')));
const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
try {
  if (ownBuild) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(1);
  }
  const server = await startServer({
    port: await freePort(),
    env: { DATA_DIR: dataDir, RATE_LIMIT: 'false', CLIENT_DIR: clientDir },
  });
  let rows;
  try {
    rows = await measureBundle(
      server.url,
      ACCOUNTS.map((email) => ({ email, password: PASSWORD })),
      clientDir,
    );
  } finally {
    await server.stop();
  }
  console.log('\nJavaScript fetched (gzip KB):');
  console.table(
    rows.map((r) => ({
      account: r.account,
      'first page': r.firstPage,
      'login page KB': r.loginKb.toFixed(1),
      'login + first page KB': r.totalKb.toFixed(1),
      files: r.totalFiles,
    })),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(clientDir, { recursive: true, force: true });
}

/**
 * The run bench:bundle and bench:bundle-sources share: build the client into a temp directory
 * (BENCH_CLIENT_DIR to reuse a build), serve it from a throwaway server on a fresh data directory,
 * measure the first load of the three demo accounts (bundle.mjs), then hand the rows and the
 * build to `report` before everything temporary is removed.
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

export async function measureDemoAccounts({ sourcemap = false, report }) {
  const ownBuild = !process.env.BENCH_CLIENT_DIR;
  const clientDir = resolve(process.env.BENCH_CLIENT_DIR ?? mkdtempSync(join(tmpdir(), 'bo-bundle-')));
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  try {
    if (ownBuild) {
      const args = ['vite', 'build', ...(sourcemap ? ['--sourcemap'] : []), '--logLevel', 'warn'];
      const build = spawnSync('npx', [...args, '--outDir', clientDir, '--emptyOutDir'], { stdio: 'inherit' });
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
    report(rows, clientDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (ownBuild) rmSync(clientDir, { recursive: true, force: true });
  }
}

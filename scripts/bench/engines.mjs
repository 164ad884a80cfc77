/**
 * The engine loop the server benchmarks share: run the same measurement on PGlite (a fresh temp
 * DATA_DIR) and on a throwaway PostgreSQL (skipped, loudly, without the binaries), removing what
 * each made. `engines` is the script's BENCH_ENGINES list ('pglite', 'postgres');
 * `run(label, env)` gets the engine's label and the server environment (DATA_DIR, DATABASE_URL
 * for PostgreSQL, and `extraEnv`) and returns its result rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../lib/postgres.mjs';

export async function onEachEngine(engines, tempPrefix, extraEnv, run) {
  const results = [];
  if (engines.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), tempPrefix));
    try {
      results.push(...(await run('PGlite', { DATA_DIR: dataDir, ...extraEnv })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const pg = await startPostgres();
    if (!pg) {
      console.log('\n!!! PostgreSQL binaries not installed (/usr/lib/postgresql/*/bin): PostgreSQL run SKIPPED.');
      return results;
    }
    const dataDir = mkdtempSync(join(tmpdir(), tempPrefix));
    try {
      const label = pg.version.replace('postgres (PostgreSQL) ', 'PostgreSQL ');
      results.push(...(await run(label, { DATA_DIR: dataDir, DATABASE_URL: pg.url, ...extraEnv })));
    } finally {
      pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}

/**
 * Starts a throwaway PostgreSQL for the test suite: initdb in a temp directory, a free
 * loopback port, stopped and deleted afterwards. initdb and pg_ctl refuse to run as root, so
 * as root they run as the `postgres` system user (Debian's package creates it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL bin directory (Debian layout), or null. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Free space a cluster in memory may need: the template, a few copies and the WAL between checkpoints. */
const MEMORY_DIR_MIN_FREE = 4 * 1024 ** 3;

/**
 * Where the cluster's files go: /dev/shm (memory) when asked and it has room, else the temp
 * directory. On this machine's ext4 disk each test file's `create database … template` cost
 * about 300 ms of kernel time (some 1,500 files made and written); in memory about 30 ms.
 */
function clusterParent(inMemory) {
  if (!inMemory) return tmpdir();
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= MEMORY_DIR_MIN_FREE) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux): the disk it is.
  }
  return tmpdir();
}

/**
 * `inMemory`: the test suite's cluster, whose data is thrown away at the end, lives in memory
 * when there is room. Benchmarks leave it off: their PostgreSQL writes to disk like a real one.
 */
export async function startPostgres({ inMemory = false } = {}) {
  const bin = findPostgresBin();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(clusterParent(inMemory), 'bo-pg-'));
  chmodSync(dir, 0o777);
  const asPg = (cmd, args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const run = (cmd, args) => {
    const [file, argv] = asPg(cmd, args);
    const res = spawnSync(file, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    version: execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim(),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

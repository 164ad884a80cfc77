/**
 * `npm start`: build the client and the server if they are not built (or older than their
 * sources), then run the server, which applies migrations, seeds demo data into an empty
 * database and listens. The server runs from its bundle (scripts/lib/server-build.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENTRY, ensureServerBuild } from './lib/server-build.mjs';

const clientDir = process.env.CLIENT_DIR || 'dist';
const index = join(clientDir, 'index.html');

/** Newest modification time under the client's sources. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['src', 'public']) if (existsSync(dir)) walk(dir);
  for (const file of ['index.html', 'vite.config.ts'])
    if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

if (!process.env.CLIENT_DIR && (!existsSync(index) || statSync(index).mtimeMs < newestSource())) {
  console.log('Building the client (vite build)…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (await ensureServerBuild()) console.log('Built the server (esbuild).');

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

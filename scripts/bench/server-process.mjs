/**
 * Starts the real server as a child process and waits until /health answers. BENCH_CPU_PROF=dir
 * writes the server's V8 CPU profile there when it stops (open it in Chrome's DevTools).
 */
import { spawn } from 'node:child_process';

export async function startServer({
  port,
  env = {},
  /** The checkout whose server runs (another build's worktree, for side-by-side figures). */
  cwd = process.cwd(),
  cpuProfDir = process.env.BENCH_CPU_PROF,
  command = [
    process.execPath,
    [...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), '--import', 'tsx', 'server/index.ts'],
  ],
  /** Open an IPC channel to the child (the hub bench asks it for memory readings). */
  ipc = false,
}) {
  const started = performance.now();
  const [cmd, args] = command;
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

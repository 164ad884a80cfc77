/**
 * Starts the real server as a child process and waits until /health answers. BENCH_CPU_PROF=dir
 * writes the server's V8 CPU profile there when it stops (open it in Chrome's DevTools).
 * `countStatements`: the server counts the SQL statements it sends (count-statements.mjs), read
 * with `statements()`. `apiSignIn`: a demo account's session over the API, as the benches use it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COUNTER = fileURLToPath(new URL('./count-statements.mjs', import.meta.url));

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (ms, user + system, every thread: HTTP, the PGlite worker, password hashes) a process
 * has used so far, from /proc (Linux); NaN when it cannot be read (the process is gone, or no
 * /proc). Taken before and after a run, per request it is a figure that other processes' load
 * barely moves, where latency percentiles swing with it.
 */
export function processCpuMs(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return NaN;
  }
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The demo accounts' password (server/seed/demo-accounts.ts; a .mjs bench cannot import the .ts). */
export const DEMO_PASSWORD = 'Demo1234!';

/**
 * Signs a demo account in through POST /api/user/login and returns the response (its
 * `authorization` header is the session; its body the user and business). A refused sign-in
 * throws: every figure after it would be of error answers.
 */
export async function apiSignIn(serverUrl, email) {
  const res = await fetch(`${serverUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return res;
}

export async function startServer({
  port,
  env = {},
  /** The checkout whose server runs (another build's worktree, for side-by-side figures). */
  cwd = process.cwd(),
  cpuProfDir = process.env.BENCH_CPU_PROF,
  countStatements = false,
  command = [
    process.execPath,
    [
      ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
      '--import',
      'tsx',
      ...(countStatements ? ['--import', COUNTER] : []),
      'server/index.ts',
    ],
  ],
  /** Open an IPC channel to the child (the hub bench asks it for memory readings). */
  ipc = countStatements,
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
    /** SQL statements sent so far (with `countStatements`). */
    statements: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m.statements));
        child.send('statements');
      }),
    /**
     * SIGTERM, then the exit. A server that has not exited after a minute is killed and the
     * stop fails loudly: a bench must not hang after printing its figures (server/index.ts).
     */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      let timer;
      const late = new Promise((r) => (timer = setTimeout(r, 60_000, 'late')));
      const how = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (how === 'late') {
        process.kill(-child.pid, 'SIGKILL');
        await exited;
        throw new Error(`the server did not exit within a minute of SIGTERM:\n${output.slice(-2000)}`);
      }
    },
  };
}

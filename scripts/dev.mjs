/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with HMR on
 * http://localhost:5173, which proxies /api, /hubs, /health and /docs to the API server.
 */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, HOST: process.env.HOST ?? '127.0.0.1' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
];
const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));

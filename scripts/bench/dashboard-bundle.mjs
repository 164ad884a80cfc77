/**
 * `npm run bench:dashboard`: the home dashboard's JavaScript loaded on demand (gzip KB), and proof
 * that its chart is not in the first load. In Chromium against the built app on a fresh demo
 * database (a month of paid links, so the chart draws), the club owner:
 *   1. opens the login page (signed out);
 *   2. signs in and lands on '/', the dashboard, with its chart drawn;
 * then, in a fresh browser context (empty cache) with the same session,
 *   3. opens /profile: a signed-in first load that is not the dashboard;
 *   4. opens the dashboard from the header's logo: what only the dashboard costs.
 * Every script fetched at each step is matched to its file in the build and gzipped (level 6).
 * Fails when the chart's chunk (RevenueChart) is fetched before the dashboard opens, or never.
 * BENCH_CLIENT_DIR reuses a build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { freePort } from '../lib/postgres.mjs';
import { startServer } from './server-process.mjs';

const ACCOUNT = { email: 'clubowner@demo.test', password: 'Demo1234!' };
const CHART = /\/RevenueChart-[^/]+\.js$/;
const PAGE = /\/HomePage-[^/]+\.js$/;

const ownBuild = !process.env.BENCH_CLIENT_DIR;
const clientDir = resolve(process.env.BENCH_CLIENT_DIR ?? mkdtempSync(join(tmpdir(), 'bo-dashboard-')));
const dataDir = mkdtempSync(join(tmpdir(), 'bo-dashboard-data-'));

const gzipKb = (path) => gzipSync(readFileSync(join(clientDir, path)), { level: 6 }).length / 1024;
const kb = (files) => files.reduce((sum, f) => sum + gzipKb(f), 0);

/** Records the scripts a context fetches, and cuts them into named steps. */
function recorder(context, serverUrl) {
  const fetched = new Set();
  context.on('response', (res) => {
    const url = res.url();
    if (url.startsWith(serverUrl) && /\.m?js$/.test(new URL(url).pathname)) fetched.add(new URL(url).pathname);
  });
  const steps = [];
  return {
    steps,
    /**
     * Waits until no new script has come for 3 s (at most 60 s): the shell fetches some of its
     * own chunks late (the hub's live channel), and they must not be counted as the next step's.
     */
    async settled(page) {
      await page.waitForLoadState('networkidle');
      let seen = fetched.size;
      let quietSince = Date.now();
      const deadline = Date.now() + 60_000;
      while (Date.now() - quietSince < 3_000 && Date.now() < deadline) {
        await page.waitForTimeout(250);
        if (fetched.size !== seen) [seen, quietSince] = [fetched.size, Date.now()];
      }
    },
    step(name) {
      const before = new Set(steps.flatMap((s) => s.added));
      steps.push({ name, added: [...fetched].filter((f) => !before.has(f)) });
    },
  };
}

const chartShown = (page) =>
  page.getByRole('img', { name: /^Revenue over the last 30 days/ }).waitFor({ timeout: 60_000 });

let failed = false;
try {
  if (ownBuild) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(1);
  }
  const server = await startServer({
    port: await freePort(),
    env: { DATA_DIR: dataDir, RATE_LIMIT: 'false', CLIENT_DIR: clientDir, SEED_DEMO: 'true' },
  });
  const steps = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const first = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const a = recorder(first, server.url);
    const page = await first.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await a.settled(page);
    a.step('login page (signed out)');
    await page.getByLabel('Email').fill(ACCOUNT.email);
    await page.getByLabel('Password').fill(ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await chartShown(page);
    await a.settled(page);
    a.step('sign in, lands on the dashboard');
    const session = await first.storageState();
    await first.close();

    const second = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block', storageState: session });
    const b = recorder(second, server.url);
    const again = await second.newPage();
    await again.goto('/profile', { waitUntil: 'networkidle' });
    await again.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 60_000 });
    await b.settled(again);
    b.step('signed-in first load (/profile)');
    await again.getByRole('link', { name: 'Back Office home' }).click();
    await chartShown(again);
    await b.settled(again);
    b.step('open the dashboard');
    await second.close();
    steps.push(...a.steps, ...b.steps);
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log('\nJavaScript fetched per step (gzip KB, level 6):');
  console.table(
    steps.map((s) => ({
      step: s.name,
      'new files': s.added.length,
      'new KB': kb(s.added).toFixed(1),
      'chart chunk fetched': s.added.some((f) => CHART.test(f)) ? 'yes' : 'no',
    })),
  );
  const opened = steps.at(-1).added;
  console.log('Loaded when the dashboard opens (after a signed-in first load elsewhere):');
  console.table(opened.map((f) => ({ file: f, 'gzip KB': gzipKb(f).toFixed(1) })));
  const chart = opened.filter((f) => CHART.test(f));
  const pageChunk = opened.filter((f) => PAGE.test(f));
  console.log(
    `dashboard on demand: ${kb(opened).toFixed(1)} KB gzip in all; page chunk ${kb(pageChunk).toFixed(1)} KB, ` +
      `chart chunk ${kb(chart).toFixed(1)} KB`,
  );
  for (const s of [steps[0], steps[2]]) {
    if (s.added.some((f) => CHART.test(f))) {
      failed = true;
      console.error(`the chart's chunk was fetched at "${s.name}", before the dashboard opened`);
    }
  }
  if (chart.length === 0) {
    failed = true;
    console.error('opening the dashboard fetched no chart chunk: the measurement saw nothing');
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(clientDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

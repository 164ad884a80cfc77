/**
 * The set-up of the benches that measure the app in a browser (bench:bundle, bench:bundle-sources,
 * bench:seating, bench:files-fps, bench:dashboard, bench:documents-viewer), so that each of them
 * says only what it measures:
 *  - the client built into a temp directory, never dist/: a running server or browser test may be
 *    serving dist/. BENCH_CLIENT_DIR reuses a build (and is then left in place);
 *  - a throwaway server on a fresh data directory with the demo seeded (every bench signs in as a
 *    demo account) and rate limits off (a bench signs in more often than the login limit allows);
 *  - Chromium as people run it (CHROMIUM_ARGS, not the browser tests' flags, scripts/lib/chromium.mjs);
 *  - the demo sign-in through the login form;
 *  - all of it closed and removed when the bench ends, also when it fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { freePort } from '../lib/postgres.mjs';
import { DEMO_PASSWORD, startServer } from './server-process.mjs';

/**
 * gzip KB of a file of the build, by the URL it was fetched at or its path in the build: level 6,
 * as a typical server sends it, so every bench's KB are the same KB.
 */
export function gzipKb(clientDir, urlOrPath) {
  const path = /^https?:/.test(urlOrPath) ? new URL(urlOrPath).pathname : urlOrPath;
  return gzipSync(readFileSync(join(clientDir, decodeURIComponent(path))), { level: 6 }).length / 1024;
}

/** Signs in with a demo account through the login form (the page shows it). */
export async function signIn(page, email) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Chromium on the app that `baseURL` serves from the build in `clientDir`. Service workers are
 * blocked so that every script a step needs is fetched over the network, where a bench sees it.
 */
export async function openBrowser(baseURL, clientDir) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const newContext = (options = {}) => browser.newContext({ baseURL, serviceWorkers: 'block', ...options });
  return {
    baseURL,
    clientDir,
    browser,
    newContext,
    /**
     * A new context's page signed in as `email`, once the signed-in shell is drawn and the network
     * is quiet. `prepare(page, context)` runs before the first request (routes, listeners).
     */
    async signedInPage(email, { prepare, ...options } = {}) {
      const context = await newContext(options);
      const page = await context.newPage();
      await prepare?.(page, context);
      await page.goto('/', { waitUntil: 'networkidle' });
      await signIn(page, email);
      await page.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      return { context, page };
    },
    close: () => browser.close(),
  };
}

/** Runs every undo step (the last made first), even after one fails; then throws the first failure. */
async function undoAll(steps) {
  let failure;
  for (const undo of steps.reverse()) {
    try {
      await undo();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

/**
 * Builds (or reuses) the client, serves it and opens Chromium on it, then runs `measure(app)`
 * (`app`: openBrowser's, with `server`) and returns what it returns, having closed and removed
 * everything. `name` names the temp directories; `sourcemap` builds with source maps.
 */
export async function withBrowserSession({ name, sourcemap = false }, measure) {
  const undo = [];
  try {
    const ownBuild = !process.env.BENCH_CLIENT_DIR;
    const clientDir = resolve(process.env.BENCH_CLIENT_DIR ?? mkdtempSync(join(tmpdir(), `bo-${name}-`)));
    if (ownBuild) undo.push(() => rmSync(clientDir, { recursive: true, force: true }));
    const dataDir = mkdtempSync(join(tmpdir(), `bo-${name}-data-`));
    undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (ownBuild) {
      const args = ['vite', 'build', ...(sourcemap ? ['--sourcemap'] : []), '--logLevel', 'warn'];
      const build = spawnSync('npx', [...args, '--outDir', clientDir, '--emptyOutDir'], { stdio: 'inherit' });
      if (build.status !== 0) {
        // Vite has printed why.
        await undoAll(undo.splice(0));
        process.exit(1);
      }
    }
    const server = await startServer({
      port: await freePort(),
      env: { DATA_DIR: dataDir, RATE_LIMIT: 'false', CLIENT_DIR: clientDir, SEED_DEMO: 'true' },
    });
    undo.push(() => server.stop());
    const browser = await openBrowser(server.url, clientDir);
    undo.push(() => browser.close());
    return await measure({ ...browser, server });
  } finally {
    await undoAll(undo);
  }
}

/**
 * JavaScript a browser fetches, in gzip KB: for the login page, and for login plus the first
 * page after signing in. Chromium loads the built app from the real server; every script
 * response is matched to its file in the build and gzipped (level 6, as a typical server would).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

function gzipKb(clientDir, urlPath) {
  const file = join(clientDir, decodeURIComponent(new URL(urlPath).pathname));
  return gzipSync(readFileSync(file), { level: 6 }).length / 1024;
}

/** Waits for the network to settle, then until no new script has been requested for a second. */
async function quietSecond(page, scripts) {
  await page.waitForLoadState('networkidle');
  for (let seen = -1; seen !== scripts.size; ) {
    seen = scripts.size;
    await page.waitForTimeout(1000);
  }
}

/** `clientDir`: the build the server serves (its CLIENT_DIR), read to size each fetched file. */
export async function measureBundle(baseUrl, accounts, clientDir = 'dist') {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const { email, password } of accounts) {
      const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
      const page = await context.newPage();
      const scripts = new Set();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script' && res.url().startsWith(baseUrl)) scripts.add(res.url());
      });
      // The login page is drawn when its form is on screen; then what it fetches on the way
      // (the passkey autofill's code, started on mount) counts until no script has been
      // requested for a second. networkidle alone sometimes came before the login page's own
      // chunk had even been asked for, and the figure swung by 35 KB from run to run.
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
      await quietSecond(page, scripts);
      const loginScripts = new Set(scripts);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page
        .waitForURL((u) => !['/', '/login'].includes(new URL(u).pathname) || false, { timeout: 15_000 })
        .catch(() => {});
      // The first page is drawn when its heading is on screen (its lazy code and data have
      // arrived); then everything it fetches on the way (the live channel, deferred parts)
      // counts until no script has been requested for a second.
      await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
      await quietSecond(page, scripts);
      const sum = (set) => [...set].reduce((kb, url) => kb + gzipKb(clientDir, url), 0);
      // A returning visit: the session is kept, so the first page opens without the login form
      // (and without the sign-in's own code, such as the form's validation). A new context with
      // the same storage: the session, but an empty cache, so every script is fetched again.
      const revisit = await browser.newContext({
        baseURL: baseUrl,
        serviceWorkers: 'block',
        storageState: await context.storageState(),
      });
      const again = await revisit.newPage();
      const returning = new Set();
      again.on('response', (res) => {
        if (res.request().resourceType() === 'script' && res.url().startsWith(baseUrl)) returning.add(res.url());
      });
      await again.goto(new URL(page.url()).pathname, { waitUntil: 'networkidle' });
      await again.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
      await quietSecond(again, returning);
      await revisit.close();
      rows.push({
        returningKb: sum(returning),
        returningFileNames: [...returning].map((url) => new URL(url).pathname),
        account: email,
        firstPage: new URL(page.url()).pathname,
        loginKb: sum(loginScripts),
        loginFiles: loginScripts.size,
        totalKb: sum(scripts),
        totalFiles: scripts.size,
        loginFileNames: [...loginScripts].map((url) => new URL(url).pathname),
        fileNames: [...scripts].map((url) => new URL(url).pathname),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

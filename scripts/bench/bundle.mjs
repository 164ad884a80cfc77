/**
 * JavaScript a browser fetches, in gzip KB: for the login page, and for login plus the first
 * page after signing in. Chromium loads the built app from the real server; every script
 * response is matched to its file in the build and gzipped (browser-session.mjs, gzipKb).
 */
import { gzipKb, signIn } from './browser-session.mjs';

/** The demo accounts bench:bundle and `npm run bench` measure: one of each role's first page. */
export const BUNDLE_ACCOUNTS = ['admin@demo.test', 'clubowner@demo.test', 'user@demo.test'];

/** Waits for the network to settle, then until no new script has been requested for a second. */
async function quietSecond(page, scripts) {
  await page.waitForLoadState('networkidle');
  for (let seen = -1; seen !== scripts.size; ) {
    seen = scripts.size;
    await page.waitForTimeout(1000);
  }
}

/** `session`: openBrowser's (browser-session.mjs), on the server that serves its `clientDir`. */
export async function measureBundle(session, emails = BUNDLE_ACCOUNTS) {
  const { baseURL: baseUrl, clientDir } = session;
  const rows = [];
  for (const email of emails) {
    const context = await session.newContext();
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
    await signIn(page, email);
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
    const revisit = await session.newContext({ storageState: await context.storageState() });
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
  return rows;
}

/** The table bench:bundle and `npm run bench` print. */
export function printBundleTable(rows) {
  console.log('\nJavaScript fetched (gzip KB):');
  console.table(
    rows.map((r) => ({
      account: r.account,
      'first page': r.firstPage,
      'login page KB': r.loginKb.toFixed(1),
      'login + first page KB': r.totalKb.toFixed(1),
      'returning visit KB': r.returningKb.toFixed(1),
      files: r.totalFiles,
    })),
  );
}

/** Debian's Chromium driven by playwright-core; screenshots land in test-results/screenshots. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { TEST_CHROMIUM_ARGS, CHROMIUM_PATH, FULL_CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

export const BASE_URL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the e2e project through vitest (global-setup.ts).');
  return url;
};

export const SCREENSHOTS = join('test-results', 'screenshots');

/** Every browser this file launched or connected to and has not closed: a failing test explains their pages. */
const launched = new Set<Browser>();

/**
 * Signed-in pages put aside between files for the next file to take (helpers/app.ts keptPages):
 * a failing test does not explain them, they are no file's.
 */
export const parked = new WeakSet<Page>();

/**
 * The browser for one test file: a connection to the run's one Chromium (global-setup.ts starts
 * it and sets E2E_BROWSER_WS), or a browser of its own when the file runs outside that setup.
 * Closing it closes the contexts this file opened and leaves Chromium running for the next file.
 *
 * `fullBrowser`: a Chromium of the file's own, the full browser rather than the headless shell
 * the run uses (scripts/lib/chromium.mjs), for what only the full browser has: system
 * notifications shown by a service worker.
 */
export async function launch({ fullBrowser = false }: { fullBrowser?: boolean } = {}): Promise<Browser> {
  const endpoint = process.env.E2E_BROWSER_WS;
  const browser =
    endpoint && !fullBrowser
      ? await chromium.connect(endpoint)
      : await chromium.launch({
          executablePath: fullBrowser ? FULL_CHROMIUM_PATH : CHROMIUM_PATH,
          args: TEST_CHROMIUM_ARGS,
        });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** A small phone (360 × 740): where a popup that fits PHONE may still run off an edge or below the fold. */
export const SMALL_PHONE = { width: 360, height: 740 };

/**
 * Whether this run keeps pictures for a person to look at (E2E_SCREENSHOTS=0: CI, no). A step
 * whose only product is a picture (a dark pass, see LOOKS) runs only when they are kept.
 */
export const PICTURES = process.env.E2E_SCREENSHOTS !== '0';

/**
 * The looks an area's visual test walks one signed-in page through: dark on a desktop, then
 * light on a phone. A run that takes no pictures (CI) leaves the dark pass out: the theme is one
 * switch for the whole app (public-pages.test.ts proves it flips, persists and follows the
 * system), so a page's dark pass repeats checks its light tests make and adds only the picture.
 * The phone pass always runs: whether a page fits a phone is asserted, not just pictured.
 */
export const LOOKS = (
  [
    ['dark', { colorScheme: 'dark', viewport: DESKTOP }],
    ['phone', { colorScheme: 'light', viewport: PHONE }],
  ] as const
).filter(([name]) => name !== 'dark' || PICTURES);

export async function newContext(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** The browser's own zone (default: the machine's), to prove a screen reads the business's. */
    timezoneId?: string;
    /**
     * Animations on (default off: the browser asks for reduced motion, which the app honours, so
     * a click never lands on a menu or dialog still sliding into place and no test waits for one).
     */
    motion?: boolean;
  } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: BASE_URL(),
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    locale: 'en-US',
    // Service workers would outlive the page between tests and are covered on their own.
    serviceWorkers: 'block',
  });
}

/**
 * Switches an open page to the dark or light theme and/or another window size, and returns once
 * the app shows it: the theme on <html data-theme> (ThemeModeProvider) and the layout of the new
 * size painted. Cheaper than a new browser context and sign-in for each look.
 */
export async function setLook(
  page: Page,
  look: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number } },
) {
  if (look.colorScheme) await page.emulateMedia({ colorScheme: look.colorScheme });
  if (look.viewport) await page.setViewportSize(look.viewport);
  // Only the app marks its theme: a page not on it yet (about:blank) shows the look when it opens.
  if (look.colorScheme && page.url().startsWith(BASE_URL()))
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, look.colorScheme);
  await painted(page);
}

/**
 * Runs `check` on the page reloaded in Spanish (the choice the app keeps in the browser; the
 * account's, which the files beside this one share, is left alone), then reloads it in English
 * for what follows on the same page.
 */
export async function inSpanish(page: Page, check: () => Promise<void>): Promise<void> {
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  try {
    await check();
  } finally {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
  }
}

/**
 * Opens `path` as a click on one of the app's links does: the router shows it without loading the
 * app again. A full load costs about a second a page on this machine (the bundle evaluated, antd's
 * styles computed, the session checked, the live connection opened) against about a tenth for
 * this. A page not on the app yet is loaded. The new page may first show what the app already
 * holds and then refresh it, as it does for a person: wait for the content you expect, not for
 * "any row". Use page.goto or page.reload where the test is about a load itself.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const inApp =
    page.url().startsWith(BASE_URL()) && (await page.evaluate(() => !!document.getElementById('root')?.firstChild));
  if (!inApp) {
    await page.goto(path);
    return;
  }
  await page.evaluate(async (to) => {
    // React Router's BrowserRouter renders the address it reads on popstate, at once (no
    // transition: src/App.tsx), so two frames later the old page is gone from the screen. An entry
    // the router did not make (no `idx` in its state) is an address from outside: the
    // unsaved-changes guard never holds it, nor a later Back to it (a test of the guard's Back
    // reaches the page before the form by the app's own links).
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  }, path);
}

/** Resolves after the page has painted twice more: what a state change rendered is on screen. */
export function painted(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** Resolves once every image on the page has loaded (or failed), for a picture of it. */
export async function imagesLoaded(page: Page) {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await painted(page);
}

/**
 * The bytes of a finished download. The browser is shared and connected to over a socket
 * (launch), so the file is streamed here rather than read from a path on its side.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Saves a picture of the page for a person to look at. E2E_SCREENSHOTS=0 skips it (a run whose
 * pictures nobody will open); the failure pictures of explainOpenPages are taken regardless.
 */
export async function screenshot(page: Page, name: string) {
  if (!PICTURES) return;
  await saveScreenshot(page, name);
}

/** Where a test writes a file it keeps for a look (a downloaded PDF, its first page rendered). */
export function artifactPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name);
}

async function saveScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** The newest 6-digit code the server's mail outbox printed for `email`. */
export function mailedCode(email: string): string {
  const code = mailBlocks(email)
    .at(-1)
    ?.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

function mailBlocks(email: string): string[] {
  const log = readFileSync(process.env.E2E_SERVER_LOG!, 'utf8');
  return log.split('[mail outbox]').filter((b) => b.includes(`To: ${email}`));
}

/** How many mails to `email` the server's log holds so far. */
export function mailsTo(email: string): number {
  return mailBlocks(email).length;
}

/**
 * The code of the newest mail to `email` once there are more than `before` of them: the
 * server's console line reaches its log file a moment after the request that mailed it has
 * answered, and an older mail to the same address must not be taken for the new one.
 */
export async function nextMailedCode(email: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (mailsTo(email) <= before) {
    if (Date.now() > deadline) throw new Error(`no new mail to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return mailedCode(email);
}

/**
 * Prints what every open page showed (its address, any open dialog and its accessibility tree)
 * and saves a screenshot of each: CI keeps only the printed output, and a flaky failure is
 * otherwise a riddle. tests/e2e/explain-failures.ts calls it when any browser test fails; a test
 * that failed has not reached its own `context.close()`, so its pages are still open.
 */
export async function explainOpenPages(testName: string): Promise<void> {
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const pages = [...launched].flatMap((b) => b.contexts().flatMap((c) => c.pages()));
  for (const [i, page] of pages.entries()) {
    if (page.isClosed() || parked.has(page)) continue;
    const snapshot = (scope: string) =>
      page
        .locator(scope)
        .first()
        .ariaSnapshot({ timeout: 5_000 })
        .catch((e: Error) => `(no snapshot: ${e.message.split('\n')[0]})`);
    // Dialogs first: they sit at the end of the page, past where a long page is cut.
    const dialogs = await page
      .getByRole('dialog')
      .count()
      .catch(() => 0);
    const dialogText = dialogs ? await snapshot('[role="dialog"]:visible') : '(no dialog open)';
    const tree = (await snapshot('body')).slice(0, 8_000);
    console.error(`\n── what page ${i + 1} of "${testName}" showed at ${page.url()} ──\n${dialogText}\n──\n${tree}\n`);
    await saveScreenshot(page, `failed-${slug}-${i + 1}`).catch(() => undefined);
  }
}

/** Collects uncaught page errors so a test can assert the page never crashed. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * How far the page's table runs past its card, in pixels (0 or less: it fits). A table wider than
 * its card scrolls sideways inside it (FIT_SCROLL), which keeps the page itself within the window.
 */
export function tableOverflow(page: Page): Promise<number> {
  return page
    .locator('.ant-table-content')
    .first()
    .evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
}

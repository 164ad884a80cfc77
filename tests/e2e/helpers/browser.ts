/** Debian's Chromium driven by playwright-core; screenshots land in test-results/screenshots. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

export const BASE_URL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the e2e project through vitest (global-setup.ts).');
  return url;
};

export const SCREENSHOTS = join('test-results', 'screenshots');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** The browser's own zone (default: the machine's), to prove a screen reads the business's. */
    timezoneId?: string;
  } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: BASE_URL(),
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-US',
    // Service workers would outlive the page between tests and are covered on their own.
    serviceWorkers: 'block',
  });
}

export async function screenshot(page: Page, name: string) {
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

/** Collects uncaught page errors so a test can assert the page never crashed. */
/**
 * When the running test fails, prints what the page showed (its address and accessibility tree)
 * and saves a screenshot: CI keeps only the printed output, and a flaky failure is otherwise a
 * riddle. Call it inside the test, once the page exists.
 */
export function explainFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    if (page.isClosed()) return;
    const snapshot = (scope: string) =>
      page
        .locator(scope)
        .first()
        .ariaSnapshot({ timeout: 5_000 })
        .catch((e: Error) => `(no snapshot: ${e.message.split('\n')[0]})`);
    // Dialogs first: they sit at the end of the page, past where a long page is cut.
    const dialogs = await page.getByRole('dialog').count();
    const dialogText = dialogs ? await snapshot('[role="dialog"]:visible') : '(no dialog open)';
    const tree = (await snapshot('body')).slice(0, 8_000);
    console.error(`\n── what ${name} showed at ${page.url()} ──\n${dialogText}\n──\n${tree}\n`);
    await screenshot(page, `${name}-failed`).catch(() => undefined);
  });
}

export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * How this project starts Debian's Chromium headless (tests and benchmarks). Without the
 * background-networking flags Chromium keeps dialling out on a machine with no internet.
 *
 * Debian's `chromium-headless-shell` (the old headless mode, which Playwright itself uses for
 * headless runs) is preferred when installed: it drew the login page in about half the time of
 * the full browser's new headless mode on this machine (docs/testing.md), and the browser tests
 * are bound by Chromium's CPU. The full browser is the fallback. CHROMIUM_PATH overrides both.
 */
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full browser: for what the headless shell lacks (a service worker's system notifications). */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

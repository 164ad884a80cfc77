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

/**
 * The browser tests' Chromium: V8 without its optimising compilers (Maglev, TurboFan), only the
 * interpreter and the baseline compiler. A test page lives seconds, and those compilers spent
 * that time compiling hot code for a future the page never has: the browser step's Chromium used
 * 722 s of CPU with them and 621 s without, its tests 1,013 s -> 906 s (two workers, all 39
 * files, docs/testing.md). The app behaves the same either way; benchmarks (scripts/bench) keep
 * the browser as people run it (CHROMIUM_ARGS).
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--max-opt=1'];

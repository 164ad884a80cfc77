/**
 * `npm run bench:bundle`: only the first-load figures of `npm run bench` (JavaScript fetched for
 * the login page and for login + first page, gzip KB, in Chromium), without its start-up and
 * load runs. Builds into a temp directory (BENCH_CLIENT_DIR to reuse a build) so it never
 * replaces the dist/ that a running server or browser test is using, and serves that build
 * from a throwaway server on a fresh data directory.
 */
import { measureDemoAccounts } from './bundle-run.mjs';
import { printBundleTable } from './bundle.mjs';

await measureDemoAccounts({ report: printBundleTable });

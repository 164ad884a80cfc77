/**
 * `npm run bench:bundle`: only the first-load figures of `npm run bench` (JavaScript fetched for
 * the login page and for login + first page, gzip KB, in Chromium), without its start-up and
 * load runs. Builds into a temp directory (BENCH_CLIENT_DIR to reuse a build) so it never
 * replaces the dist/ that a running server or browser test is using, and serves that build
 * from a throwaway server on a fresh data directory.
 */
import { measureDemoAccounts } from './bundle-run.mjs';

await measureDemoAccounts({
  report(rows) {
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
  },
});

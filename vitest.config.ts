import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { e2eWorkers } from './scripts/lib/e2e-workers.mjs';
import { areaLocales } from './scripts/vite-area-locales.ts';

/**
 * The API suite runs in full on PostgreSQL, the production engine (scripts/test.mjs starts
 * one; it runs the suite in half the time PGlite takes, whose per-file copy alone costs about
 * two seconds). On PGlite, the default engine of `npm start`, run the files whose subject is the
 * engine itself: the driver contract (types, raw results, error codes, transactions, locks and
 * the query-inside-a-transaction guard), live events and caches driven by the engine's change
 * signals, exact counts, searches and paging, advisory locks, idempotency under concurrency,
 * the operator's CLI on a data directory, and a restart. Every browser test runs against a
 * PGlite server too. scripts/test.mjs sets API_ENGINE_SUBSET=1 for that pass; without
 * PostgreSQL on the machine (no TEST_DATABASE_URL, no subset) every file runs on PGlite.
 */
const ENGINE_SUBJECT = [
  'db-driver',
  'live-events',
  'notifications-live',
  'session-cache',
  'night-cache',
  'free-slots-cache',
  'users-list-count',
  'resource-engine',
  'reservations',
  'reservations-order',
  'documents',
  'gallery',
  'payments-idempotency',
  'create-admin',
  'hub/restart',
  'support-desk',
  'folded-search',
  'list-sort',
  'resource-versions',
  'money-races',
  'payments-link-claims',
  'payments-webhook',
].map((name) => `tests/api/${name}.test.ts`);

const engineSubsetOnly = process.env.API_ENGINE_SUBSET === '1' && !process.env.TEST_DATABASE_URL;

/**
 * API files that run isolated (project api-isolated): the storage files measure memory with
 * forced garbage collections, which crawl on a heap shared with the other files' modules (the
 * storage contract took 198 s instead of 7), and response-schemas spies on a module of the
 * server that the shared graph had already loaded.
 */
const API_ISOLATED = ['response-schemas', 'storage', 'storage-avatars'].map((name) => `tests/api/${name}.test.ts`);

/** What both API projects share (one template for both: tests/api/global-setup.ts). */
const API_PROJECT = {
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
  // A query on the database inside an open transaction fails the test (server/db/transaction-guard.ts).
  env: { DB_STRICT_TRANSACTIONS: '1' },
};

/**
 * Unit files that replace an app module with vi.mock: they need a module graph of their own, so
 * they run isolated (project unit-isolated) while the others share one per worker. The same goes
 * for a file that sets up the app's own i18next (its fetch backend, a language switch), and for one
 * that watches a lazy chunk arrive (a Suspense fallback shows only while the chunk is not loaded in
 * its module graph yet: sharing a worker's graph, filter-bar-pending failed whenever a file before it
 * had opened a range filter).
 */
const MOCKS_MODULES = [
  'account-language.test.ts',
  'area-strings-loading.test.tsx',
  'chat-contacts-live.test.ts',
  'filter-bar-pending.test.tsx',
  'live-channel-hook.test.tsx',
  'money-moves-reread.test.ts',
  'passkey-late-answer.test.ts',
  'pdf-viewer-names.test.tsx',
  'profile-forms.test.tsx',
  'resource-throwaway.test.tsx',
  'venue-picker.test.tsx',
].map((name) => `tests/unit/${name}`);

/**
 * The unit files that need no DOM: they start with `// @vitest-environment node` (the file says
 * it; this list is read from there). They run in a project of their own because vitest reuses a
 * worker for the next file only when that file's environment is the same: mixed in one project,
 * node and happy-dom files alternated and every switch started a fresh worker that imported
 * antd, Refine and the app again (18 workers for one step, 52 s of import time summed).
 */
const NODE_UNIT_FILES = readdirSync('tests/unit')
  .filter((name) => /\.test\.tsx?$/.test(name))
  .filter((name) => /^\/\/ @vitest-environment node$/m.test(readFileSync(`tests/unit/${name}`, 'utf8')))
  .map((name) => `tests/unit/${name}`);

/**
 * Three suites: unit (client rules, happy-dom), api (the server through `inject`, on PGlite or,
 * with TEST_DATABASE_URL, on PostgreSQL) and e2e (Playwright driving Debian's Chromium against a
 * real server). `npm test` runs them all through scripts/test.mjs.
 */
/**
 * The unit files' time limit is a guard against a hang, not a speed check. The test that is the
 * first in its worker to draw a whole antd screen pays for antd's styles being made and parsed
 * (about 400 KB of CSS for the form builder, which happy-dom then matches for every role query):
 * 1–3 s on an idle machine, and on this two-core machine at load 20–22 (other agents building and
 * running browsers beside it) forms-save-version and resource-edit-changed-meanwhile, run first,
 * took 20.7–26.3 s and failed the old 20 s limit in 4 of 6 tries. 60 s holds to about twice that
 * load and still ends a hang within a minute; a passing test never waits for it.
 */
const UNIT_TIMEOUT = { testTimeout: 60_000 };
/**
 * The DOM projects' setup: their waits on the screen (tests/unit/wait-limits.ts), and each file and
 * test starting afresh (no toast waiting, the app's origin, empty storage; after each test its
 * screens, stubbed globals and storage put away: fresh-after-each.ts, not in every file).
 */
const DOM_SETUP = [
  'tests/unit/wait-limits.ts',
  'tests/unit/fresh-toasts.ts',
  'tests/unit/fresh-location.ts',
  'tests/unit/fresh-storage.ts',
  'tests/unit/fresh-after-each.ts',
  'tests/unit/lazy-parts-loaded.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        // The app's modules import the list of the areas' strings (scripts/vite-area-locales.ts).
        plugins: [areaLocales()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKS_MODULES, ...NODE_UNIT_FILES],
          environment: 'happy-dom',
          setupFiles: DOM_SETUP,
          ...UNIT_TIMEOUT,
          // vitest's default is one worker fewer than the cores: on this two-core machine the unit
          // files ran one at a time.
          maxWorkers: 2,
          // The files of a worker share their imported modules (antd, Refine, the app's code)
          // instead of importing them again per file (the step: 112 s → 69 s, most of it
          // import time). They share one happy-dom window too (its URL, cookies and storage
          // carry over: tests/unit/fresh-location.ts puts a window a download moved back on the
          // origin); a file that swaps a module with vi.mock runs in the isolated project below.
          isolate: false,
        },
      },
      {
        // The app's modules import the list of the areas' strings (scripts/vite-area-locales.ts).
        plugins: [areaLocales()],
        test: {
          name: 'unit-node',
          include: NODE_UNIT_FILES.filter((file) => !MOCKS_MODULES.includes(file)),
          environment: 'node',
          ...UNIT_TIMEOUT,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        // The app's modules import the list of the areas' strings (scripts/vite-area-locales.ts).
        plugins: [areaLocales()],
        test: {
          name: 'unit-isolated',
          include: MOCKS_MODULES,
          environment: 'happy-dom',
          setupFiles: DOM_SETUP,
          ...UNIT_TIMEOUT,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: engineSubsetOnly ? ENGINE_SUBJECT : ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_ISOLATED],
          ...API_PROJECT,
          // As the unit files: the files of a worker share the server's modules instead of
          // importing them again per file (import time 374 s → 30 s summed over the files).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-isolated',
          // None of them is about the engine: on PostgreSQL only, when the PGlite pass is the subset.
          include: engineSubsetOnly ? [] : API_ISOLATED,
          ...API_PROJECT,
        },
      },
      {
        // The helpers read the sidebar's links, through the list of areas.
        plugins: [areaLocales()],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/worker-server.ts', 'tests/e2e/explain-failures.ts'],
          // Two files at a time share the two cores: a test's ceiling grows with the workers.
          testTimeout: 60_000 * e2eWorkers(),
          // E2E_RETRIES (scripts/test.mjs sets 1): a failed test runs once more, and
          // tests/e2e/flaky-reporter.ts names every test that passed only that way.
          retry: Number(process.env.E2E_RETRIES || 0),
          hookTimeout: 120_000,
          // One file at a time per server; E2E_WORKERS servers and workers (see scripts/lib/e2e-workers.mjs).
          fileParallelism: e2eWorkers() > 1,
          // A worker keeps its imported modules (Playwright, the helpers) from one file to the
          // next instead of starting a fresh process per file. The one state they share through
          // them is the worker's signed-in page per role (tests/e2e/helpers/app.ts keptPages),
          // set back and loaded anew for each file; a file's own browser and contexts are its own.
          isolate: false,
          maxWorkers: e2eWorkers(),
          // A browser on a loaded two-core machine can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

import { configDefaults, defineConfig } from 'vitest/config';
import { e2eWorkers } from './scripts/lib/e2e-workers.mjs';

/**
 * API files whose subject is not the database run once, on PGlite, and are left out of the
 * PostgreSQL pass (TEST_DATABASE_URL): the OpenAPI contract walk, file storage and its S3
 * driver, SMTP, the TOTP arithmetic, the error handler and the hub's raw protocol. The
 * PostgreSQL pass is there for what the engine changes (its driver's types, locks, NOTIFY
 * between processes, concurrent connections), which every other file still proves on both.
 */
const ENGINE_INDEPENDENT = [
  'openapi-walk',
  'payments-openapi',
  'storage-avatars',
  'storage-s3',
  'smtp',
  'two-factor-totp',
  'error-handler',
  'hub/raw-protocol',
].map((name) => `tests/api/${name}.test.ts`);

const engineIndependentOnPostgres = process.env.TEST_DATABASE_URL ? ENGINE_INDEPENDENT : [];

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
};

/**
 * Unit files that replace an app module with vi.mock: they need a module graph of their own, so
 * they run isolated (project unit-isolated) while the others share one per worker.
 */
const MOCKS_MODULES = [
  'data-provider.test.ts',
  'live-channel-hook.test.tsx',
  'live-provider.test.tsx',
  'passkey-late-answer.test.ts',
  'profile-forms.test.tsx',
  'resource-list-parts.test.tsx',
  'resource-throwaway.test.tsx',
  'venue-picker.test.tsx',
].map((name) => `tests/unit/${name}`);

/**
 * Three suites: unit (client rules, happy-dom), api (the server through `inject`, on PGlite or,
 * with TEST_DATABASE_URL, on PostgreSQL) and e2e (Playwright driving Debian's Chromium against a
 * real server). `npm test` runs them all through scripts/test.mjs.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKS_MODULES],
          environment: 'happy-dom',
          // vitest's default is one worker fewer than the cores: on this two-core machine the unit
          // files ran one at a time. Files that test pure rules (no DOM) start with
          // `// @vitest-environment node` and skip happy-dom's setup.
          maxWorkers: 2,
          // The files of a worker share their imported modules (antd, Refine, the app's code)
          // instead of importing them again per file (the step: 112 s → 69 s, most of it
          // import time). Each file still gets a fresh DOM; a file that swaps a module with
          // vi.mock runs in the isolated project below.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: MOCKS_MODULES,
          environment: 'happy-dom',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_ISOLATED, ...engineIndependentOnPostgres],
          ...API_PROJECT,
          // As the unit files: the files of a worker share the server's modules instead of
          // importing them again per file (import time 374 s → 30 s summed over the files).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-isolated',
          include: API_ISOLATED,
          exclude: [...configDefaults.exclude, ...engineIndependentOnPostgres],
          ...API_PROJECT,
        },
      },
      {
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
          maxWorkers: e2eWorkers(),
          // A browser on a loaded two-core machine can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

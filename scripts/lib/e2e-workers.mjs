/**
 * How many browser test files run at a time: E2E_WORKERS (default 1, so a single file run while
 * developing starts one server as before; scripts/test.mjs sets 2 for the whole suite, one per
 * core). Read by vitest.config.ts (maxWorkers) and tests/e2e/global-setup.ts (one server per
 * worker).
 */
export function e2eWorkers() {
  const n = Number(process.env.E2E_WORKERS || 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

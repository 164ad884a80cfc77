/**
 * Points this worker's browser tests at its own server (global-setup.ts starts one per worker):
 * VITEST_POOL_ID is 1..maxWorkers and stays with the worker for every file it runs, so the files
 * on one server run one after another, never beside each other.
 */
const urls = process.env.E2E_BASE_URLS?.split(',') ?? [];
const logs = process.env.E2E_SERVER_LOGS?.split(',') ?? [];
const sessions = process.env.E2E_SESSION_DIRS?.split(',') ?? [];
const dnsPorts = process.env.E2E_DNS_PORTS?.split(',') ?? [];
if (urls.length > 1) {
  const index = (Number(process.env.VITEST_POOL_ID || 1) - 1) % urls.length;
  process.env.E2E_BASE_URL = urls[index];
  process.env.E2E_SERVER_LOG = logs[index];
  process.env.E2E_SESSION_DIR = sessions[index];
  process.env.E2E_DNS_PORT = dnsPorts[index];
}

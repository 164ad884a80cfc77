import { createTemplate, dropTemplate } from './helpers/database';

/**
 * One migrated, seeded template per run; test files copy it. Both API projects (api and
 * api-isolated, vitest.config.ts) name this setup and run in one process: the first makes the
 * template, the second waits for the same one, and the last to finish drops it.
 */
const shared = globalThis as typeof globalThis & {
  boTemplate?: { ready: ReturnType<typeof createTemplate>; users: number };
};

export default async function setup() {
  shared.boTemplate ??= { ready: createTemplate(), users: 0 };
  const entry = shared.boTemplate;
  entry.users += 1;
  const template = await entry.ready;
  if (template.pgliteDir) process.env.BO_TEMPLATE_DIR = template.pgliteDir;
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.boTemplate = undefined;
    await dropTemplate(template);
  };
}

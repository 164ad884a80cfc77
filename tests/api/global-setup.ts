import { createTemplate, dropTemplate } from './helpers/database';

/** One migrated, seeded template per run; test files copy it. */
export default async function setup() {
  const template = await createTemplate();
  if (template.pgliteDir) process.env.BO_TEMPLATE_DIR = template.pgliteDir;
  return async () => dropTemplate(template);
}

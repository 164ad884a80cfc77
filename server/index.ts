/** Entry point: open the database (migrations run there), seed if asked, listen, say where. */
import { inArray } from 'drizzle-orm';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';

const started = performance.now();
const config = loadConfig();
// The database opens (WASM start-up, files, migrations) while the app's modules load: the two
// were most of the start-up time, one after the other.
const [database, { buildApp }, { seedDemoData, seedPlans }] = await Promise.all([
  openDatabase(config),
  import('./app'),
  import('./seed/demo'),
]);
let seeded = false;
if (config.seedDemo) {
  // Document chat's demo PDFs need the file storage, which the rest of the seed does not.
  if (await seedDemoData(database.db)) {
    seeded = true;
    const [{ seedDocumentsDemo }, { createStorage }] = await Promise.all([
      import('./seed/documents-demo'),
      import('./modules/storage'),
    ]);
    await seedDocumentsDemo(database.db, createStorage(config), Date.now());
  }
} else {
  await seedPlans(database.db);
  // The platform's own mails' templates (en, es): a fresh database gets them, an older one the
  // missing ones; an administrator's later versions are left as they are.
  const { seedPlatformTemplates } = await import('./modules/email-templates');
  await seedPlatformTemplates(database.db);
}

// The demo's own mails (a sender's code, a campaign) stay in the outbox, not in the console.
let quietMail = false;
const app = await buildApp(config, { database, mailLog: (line) => quietMail || console.log(line) });
if (seeded) {
  // The areas whose rows only their services write (server/seed/workspace-demo.ts).
  const { seedWorkspaceDemo } = await import('./seed/workspace-demo');
  quietMail = true;
  try {
    await seedWorkspaceDemo(app);
  } finally {
    quietMail = false;
  }
}

// The database closes once the app has: onClose hooks run last-added first, so as a hook it closed
// before the background passes stopped and the requests ended, and a query still waiting for a
// pooled connection then waited forever (node-postgres leaves a closed pool's waiters unanswered),
// and so did the process.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await app.listen({ host: config.host, port: config.port });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const demo = await database.db
  .select({ email: users.email, role: users.role })
  .from(users)
  .where(
    inArray(
      users.email,
      DEMO_ACCOUNTS.map((a) => a.email),
    ),
  );
console.log(`\nBack Office is running at http://${shownHost}:${config.port}  (API docs: /docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
if (demo.length) {
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of demo) console.log(`  ${a.role.padEnd(14)} ${a.email}`);
}
console.log(`Ready in ${Math.round(performance.now() - started)} ms`);

/**
 * A server process for the campaigns crash test (tests/api/campaigns-crash.test.ts): the app on
 * the test's database (a PostgreSQL URL or a PGlite data directory), whose queue loop sends. It
 * prints `ready` once its loop runs, `sent <n> of <m> mine <k>` as the campaign's mails reach the
 * outbox (k: the mails this process wrote, counted from its own mail log), and `done` once the
 * campaign is sent. The crash test kills one with SIGKILL partway and starts another; the
 * two-process test runs two at once. A `go` line on its input wakes its queue loop, as the
 * schedule route wakes its own process's: the test schedules the campaign in the database, which
 * wakes no loop, and a loop whose first pass read the queue before that would sleep 30 s.
 */
import { createInterface } from 'node:readline';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { campaignRecipients, campaigns } from '../../../server/db/schema';
import { wakeQueue } from '../../../server/modules/campaigns/runner';

const [location, campaignId] = process.argv.slice(2) as [string, string];
const database = await openDatabase(
  location.startsWith('postgres') ? { dataDir: '', databaseUrl: location } : { dataDir: location, databaseUrl: null },
);
let mine = 0;
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' }), {
  database,
  logger: false,
  mailLog: (line) => {
    if (line.startsWith('[mail outbox]')) mine++;
  },
});
await app.ready();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'go') wakeQueue(app);
});
process.stdout.write('ready\n');
const { db } = database;
for (;;) {
  const [sent] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
  const [done] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'sent')));
  process.stdout.write(`sent ${done?.n ?? 0} of ${sent?.n ?? 0} mine ${mine}\n`);
  if (row?.status === 'sent') break;
  await new Promise((r) => setTimeout(r, 100));
}
await app.close();
await database.close();
process.stdout.write(`mine ${mine}\ndone\n`);
// The open input (the test's pipe) would keep the process alive.
process.exit(0);

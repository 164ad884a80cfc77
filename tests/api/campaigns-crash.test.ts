/**
 * Exactly one mail per recipient when the sending process dies: a campaign to N contacts is sent
 * by a child server process (tests/api/helpers/campaign-child.ts), killed with SIGKILL once part
 * of the mails are in the outbox, and a new process finishes the send. The outbox is the
 * witness: every recipient has exactly one row (0 duplicates, 0 missing). N is CAMPAIGN_CRASH_N
 * (1,000 by default, to keep the suite's budget: 2,000 took 42 s on PostgreSQL and 57 s on PGlite on
 * this shared machine; run it with 10,000 by hand).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { campaignRecipients, campaigns, mailOutbox, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { copyTemplate, type TestDatabase } from './helpers/database';

const N = Number(process.env.CAMPAIGN_CRASH_N) || 1000;
const RUN = Date.now().toString(36);
let copy: TestDatabase;
let campaignId = '';
const open = () =>
  copy.location.startsWith('postgres')
    ? openDatabase({ dataDir: '', databaseUrl: copy.location })
    : openDatabase({ dataDir: copy.location, databaseUrl: null });

/** The business, a verified sender, a template, N contacts and a draft, through the app; then scheduled for now. */
async function prepare(database: Database) {
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' }), {
    database,
    logger: false,
    mailLog: (line) => mail.push(line),
  });
  const mail: string[] = [];
  await app.ready();
  const call = (method: 'POST', url: string, payload: object, token?: string) =>
    app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const login = await call('POST', '/api/user/login', { email: 'clubowner@demo.test', password: DEMO_PASSWORD });
  const token = String(login.headers.authorization).replace(/^Bearer /, '');
  const address = `crash-${RUN}@gmail.test`;
  const sender = (await call('POST', '/api/crmmanagement/senders', { displayName: 'Crash', address }, token)).json()
    .result.id as string;
  const code = /code is (\d{6})/.exec(mail.find((l) => l.includes(`To: ${address}`)) ?? '')![1]!;
  await call('POST', '/api/crmmanagement/senders/verify', { senderId: sender, code }, token);
  const mjml =
    '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{contact.firstName}}</mj-text></mj-column></mj-section></mj-body></mjml>';
  const templateId = (
    await call('POST', '/api/email-templates', { name: `Crash ${RUN}`, kind: 'general', subject: 'Crash', mjml }, token)
  ).json().result.id as string;
  const [owner] = await database.db
    .select({ b: users.businessId })
    .from(users)
    .where(eq(users.email, 'clubowner@demo.test'));
  const contacts = tableOf('contacts');
  for (let i = 0; i < N; i += 500)
    await database.db.insert(contacts).values(
      Array.from({ length: Math.min(500, N - i) }, (_, j) => ({
        businessId: owner!.b,
        fullName: `Person ${i + j}`,
        email: `p${i + j}-${RUN}@example.com`,
        status: 'lead',
        tags: `crash${RUN}`,
      })),
    );
  const draft = await call(
    'POST',
    '/api/Campaign/campaigns',
    {
      name: `Crash ${RUN}`,
      senderId: sender,
      templateId,
      subject: 'Crash {{contact.firstName}}',
      segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: `crash${RUN}` }] },
      hourlyCap: null,
    },
    token,
  );
  expect(draft.statusCode, draft.body).toBe(200);
  campaignId = draft.json().result.id as string;
  await app.close();
  // Scheduled after this app's loop stopped, so only the children send.
  await database.db
    .update(campaigns)
    .set({ status: 'scheduled', templateVersion: 1, scheduledAt: new Date() })
    .where(eq(campaigns.id, campaignId));
}

/** Runs a child server; resolves with its exit once `stopWhen` says so (then SIGKILL) or it ends. */
function child(stopWhen: (sent: number) => boolean): Promise<{ killedAt: number | null; done: boolean }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/api/helpers/campaign-child.ts', copy.location, campaignId],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, DB_STRICT_TRANSACTIONS: '1' },
      },
    );
    let killedAt: number | null = null;
    let done = false;
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === 'done') done = true;
        const sent = Number(/^sent (\d+)/.exec(line)?.[1] ?? NaN);
        if (killedAt === null && Number.isFinite(sent) && stopWhen(sent)) {
          killedAt = sent;
          proc.kill('SIGKILL');
        }
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve({ killedAt, done }));
  });
}

beforeAll(async () => {
  copy = await copyTemplate({ onDisk: true });
  await prepare(copy.database);
  // PGlite's data directory is one process's at a time.
  if (!copy.location.startsWith('postgres')) await copy.database.close();
}, 300_000);
afterAll(async () => {
  if (copy.location.startsWith('postgres')) await copy.dispose();
  else rmSync(copy.location, { recursive: true, force: true });
});

describe('campaign send across a crash', () => {
  it('leaves exactly one outbox mail per recipient after a SIGKILL mid-send and a restart', async () => {
    const first = await child((sent) => sent >= N * 0.3);
    expect(first.killedAt, 'the first process was killed partway').not.toBeNull();
    expect(first.done).toBe(false);
    const second = await child(() => false);
    expect(second.done).toBe(true);

    const database = copy.location.startsWith('postgres') ? copy.database : await open();
    try {
      const { db } = database;
      const [recipients] = await db
        .select({ n: count() })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId));
      const [sent] = await db
        .select({ n: count() })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'sent')));
      const mails = await db
        .select({ to: mailOutbox.to, n: count() })
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} like ${`%-${RUN}@example.com`}`)
        .groupBy(mailOutbox.to);
      const duplicates = mails.filter((m) => m.n > 1).length;
      const missing = N - mails.length;
      console.log(
        `crash test (${database.kind}): ${N} recipients, killed at ${first.killedAt} sent, ${duplicates} duplicates, ${missing} missing`,
      );
      expect(recipients!.n).toBe(N);
      expect(sent!.n).toBe(N);
      expect(duplicates).toBe(0);
      expect(missing).toBe(0);
    } finally {
      if (!copy.location.startsWith('postgres')) await database.close();
    }
  }, 600_000);
});

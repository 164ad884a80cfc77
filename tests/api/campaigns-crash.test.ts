/**
 * Exactly one mail per recipient when the sending process dies, and when several processes send.
 * The crash: a campaign to N contacts is sent
 * by a child server process (tests/api/helpers/campaign-child.ts), killed with SIGKILL once part
 * of the mails are in the outbox, and a new process finishes the send. The outbox is the
 * witness: every recipient has exactly one row (0 duplicates, 0 missing). N is CAMPAIGN_CRASH_N
 * (1,000 by default, to keep the suite's budget: 2,000 took 42 s on PostgreSQL and 57 s on PGlite on
 * this shared machine; run it with 10,000 by hand).
 * Two processes (PostgreSQL only: a PGlite data directory is one process's): two child servers
 * sharing the database send one campaign of CAMPAIGN_PAIR_N contacts (2,000 by default), scheduled
 * once both are up and then both woken (each child's `go`: a loop whose first pass read the queue
 * before the schedule would otherwise sleep, and the other process sent it all); each counts the
 * mails it wrote, both must have written some, and the outbox again has exactly one mail per
 * recipient.
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
import { copyTemplate, pgUrl, type TestDatabase } from './helpers/database';

const N = Number(process.env.CAMPAIGN_CRASH_N) || 1000;
const PAIR_N = Number(process.env.CAMPAIGN_PAIR_N) || 2000;
const RUN = Date.now().toString(36);
let copy: TestDatabase;
/** The crash test's campaign and the two-process test's, each to its own contacts. */
const ids = { crash: '', pair: '' };
const isPostgres = () => copy.location.startsWith('postgres');
const open = () =>
  copy.location.startsWith('postgres')
    ? openDatabase({ dataDir: '', databaseUrl: copy.location })
    : openDatabase({ dataDir: copy.location, databaseUrl: null });

/**
 * The business, a verified sender, a template, and per test its contacts (addresses ending
 * `-<run>-<test>@example.com`) and a draft, through the app; the crash test's is scheduled for now.
 */
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
  for (const [kind, n] of [
    ['crash', N],
    ['pair', isPostgres() ? PAIR_N : 0],
  ] as const) {
    if (!n) continue;
    for (let i = 0; i < n; i += 500)
      await database.db.insert(contacts).values(
        Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
          businessId: owner!.b,
          fullName: `Person ${i + j}`,
          email: `p${i + j}-${RUN}-${kind}@example.com`,
          status: 'lead',
          tags: `${kind}${RUN}`,
        })),
      );
    const draft = await call(
      'POST',
      '/api/Campaign/campaigns',
      {
        name: `${kind} ${RUN}`,
        senderId: sender,
        templateId,
        subject: 'Crash {{contact.firstName}}',
        segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: `${kind}${RUN}` }] },
        hourlyCap: null,
      },
      token,
    );
    expect(draft.statusCode, draft.body).toBe(200);
    ids[kind] = draft.json().result.id as string;
  }
  await app.close();
  // Scheduled after this app's loop stopped, so only the children send.
  await scheduleNow(database, ids.crash);
}

const scheduleNow = (database: Database, id: string) =>
  database.db
    .update(campaigns)
    .set({ status: 'scheduled', templateVersion: 1, scheduledAt: new Date() })
    .where(eq(campaigns.id, id));

interface Child {
  exit: Promise<{ killedAt: number | null; done: boolean; mine: number }>;
  ready: Promise<void>;
  /** Wakes the child's queue loop now. */
  go: () => void;
}

/** Runs a child server sending `campaignId`; SIGKILLs it once `stopWhen` says so, else it ends when sent. */
function child(campaignId: string, stopWhen: (sent: number) => boolean = () => false): Child {
  let isReady = () => {};
  const ready = new Promise<void>((r) => (isReady = r));
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/api/helpers/campaign-child.ts', copy.location, campaignId],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, DB_STRICT_TRANSACTIONS: '1' },
    },
  );
  const exit = new Promise<{ killedAt: number | null; done: boolean; mine: number }>((resolve, reject) => {
    let killedAt: number | null = null;
    let done = false;
    let mine = 0;
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === 'ready') isReady();
        if (line === 'done') done = true;
        mine = Number(/mine (\d+)$/.exec(line)?.[1] ?? mine);
        const sent = Number(/^sent (\d+)/.exec(line)?.[1] ?? NaN);
        if (killedAt === null && Number.isFinite(sent) && stopWhen(sent)) {
          killedAt = sent;
          proc.kill('SIGKILL');
        }
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve({ killedAt, done, mine }));
  });
  return { exit, ready, go: () => proc.stdin.write('go\n') };
}

/** The outbox as the witness: mails per address of the test's contacts. */
async function witness(database: Database, kind: 'crash' | 'pair', n: number) {
  const mails = await database.db
    .select({ to: mailOutbox.to, n: count() })
    .from(mailOutbox)
    .where(sql`${mailOutbox.to} like ${`%-${RUN}-${kind}@example.com`}`)
    .groupBy(mailOutbox.to);
  return { duplicates: mails.filter((m) => m.n > 1).length, missing: n - mails.length };
}

beforeAll(async () => {
  copy = await copyTemplate({ onDisk: true });
  await prepare(copy.database);
  // PGlite's data directory is one process's at a time.
  if (!isPostgres()) await copy.database.close();
}, 300_000);
afterAll(async () => {
  if (isPostgres()) await copy.dispose();
  else rmSync(copy.location, { recursive: true, force: true });
});

describe('campaign send across a crash and across processes', () => {
  it('leaves exactly one outbox mail per recipient after a SIGKILL mid-send and a restart', async () => {
    const first = await child(ids.crash, (sent) => sent >= N * 0.3).exit;
    expect(first.killedAt, 'the first process was killed partway').not.toBeNull();
    expect(first.done).toBe(false);
    const second = await child(ids.crash).exit;
    expect(second.done).toBe(true);

    const database = isPostgres() ? copy.database : await open();
    try {
      const { db } = database;
      const [recipients] = await db
        .select({ n: count() })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, ids.crash));
      const [sent] = await db
        .select({ n: count() })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, ids.crash), eq(campaignRecipients.status, 'sent')));
      const { duplicates, missing } = await witness(database, 'crash', N);
      console.log(
        `crash test (${database.kind}): ${N} recipients, killed at ${first.killedAt} sent, ${duplicates} duplicates, ${missing} missing`,
      );
      expect(recipients!.n).toBe(N);
      expect(sent!.n).toBe(N);
      expect(duplicates).toBe(0);
      expect(missing).toBe(0);
    } finally {
      if (!isPostgres()) await database.close();
    }
  }, 600_000);

  it.runIf(Boolean(pgUrl()))(
    'two server processes sharing PostgreSQL send one campaign: both send, one mail per recipient',
    async () => {
      const [a, b] = [child(ids.pair), child(ids.pair)];
      await Promise.all([a.ready, b.ready]);
      await scheduleNow(copy.database, ids.pair);
      a.go();
      b.go();
      const [ea, eb] = await Promise.all([a.exit, b.exit]);
      expect(ea.done && eb.done).toBe(true);
      const { duplicates, missing } = await witness(copy.database, 'pair', PAIR_N);
      console.log(
        `two processes (postgres): ${PAIR_N} recipients, ${ea.mine} + ${eb.mine} mails, ${duplicates} duplicates, ${missing} missing`,
      );
      expect(ea.mine, 'the first process sent some').toBeGreaterThan(0);
      expect(eb.mine, 'the second process sent some').toBeGreaterThan(0);
      expect(ea.mine + eb.mine).toBe(PAIR_N);
      expect(duplicates).toBe(0);
      expect(missing).toBe(0);
    },
    600_000,
  );
});

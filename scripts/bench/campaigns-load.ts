/**
 * The campaigns bench's data and its read-back (scripts/bench/campaigns.mjs), on the database of
 * DATA_DIR / DATABASE_URL while no server holds it.
 * - `--load N`: in the demo club owner's business, a verified sender (proven by its mailed code),
 *   a template with two variables and a link, N tagged contacts and a draft campaign to them,
 *   all through the app's own calls but the contacts (one insert per 1,000). Prints
 *   { campaignId } as JSON.
 * - `--read <campaignId>`: when it was scheduled, its first and last mail (the recipients'
 *   sent_at, written in the transaction that writes the outbox row), and the outbox as the
 *   witness: recipients, mails, duplicates and missing. Prints JSON.
 */
import { parseArgs } from 'node:util';
import { and, count, eq, max, min, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { campaignRecipients, campaigns, mailOutbox, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';

const { values } = parseArgs({ options: { load: { type: 'string' }, read: { type: 'string' } } });
const config = loadConfig();
const database = await openDatabase(config);
const { db } = database;
const RUN = Date.now().toString(36);

async function load(n: number) {
  const mail: string[] = [];
  const app = await buildApp(
    { ...config, rateLimit: { ...config.rateLimit, enabled: false } },
    { database, logger: false, mailLog: (line) => mail.push(line) },
  );
  await app.ready();
  const call = async (url: string, payload: object, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const login = await call('/api/user/login', { email: 'clubowner@demo.test', password: DEMO_PASSWORD });
  const token = String(login.headers.authorization).replace(/^Bearer /, '');
  const address = `bench-${RUN}@gmail.test`;
  const sender = (await call('/api/crmmanagement/senders', { displayName: 'Bench News', address }, token)).json().result
    .id as string;
  const code = /code is (\d{6})/.exec(mail.find((l) => l.includes(`To: ${address}`)) ?? '')?.[1];
  if (!code) throw new Error('no verification code was mailed');
  await call('/api/crmmanagement/senders/verify', { senderId: sender, code }, token);
  const mjml =
    '<mjml><mj-body><mj-section><mj-column>' +
    '<mj-text>Hello {{contact.firstName | "friend"}}, the spring programme of {{business.name}} is out.</mj-text>' +
    '<mj-button href="https://example.com/spring?from=mail">See the programme</mj-button>' +
    '</mj-column></mj-section></mj-body></mjml>';
  const templateId = (
    await call('/api/email-templates', { name: `Bench ${RUN}`, kind: 'general', subject: 'Spring', mjml }, token)
  ).json().result.id as string;
  const [owner] = await db.select({ b: users.businessId }).from(users).where(eq(users.email, 'clubowner@demo.test'));
  const contacts = tableOf('contacts');
  for (let i = 0; i < n; i += 1000)
    await db.insert(contacts).values(
      Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({
        businessId: owner!.b,
        fullName: `Person ${i + j} Bench`,
        email: `p${i + j}-${RUN}@example.com`,
        status: 'lead',
        tags: `bench${RUN}`,
      })),
    );
  const draft = await call(
    '/api/Campaign/campaigns',
    {
      name: `Bench ${RUN}`,
      senderId: sender,
      templateId,
      subject: 'Spring news for {{contact.firstName}}',
      segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: `bench${RUN}` }] },
      hourlyCap: null,
    },
    token,
  );
  await app.close();
  return { campaignId: draft.json().result.id as string };
}

async function read(campaignId: string) {
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const [sent] = await db
    .select({ n: count(), first: min(campaignRecipients.sentAt), last: max(campaignRecipients.sentAt) })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'sent')));
  const [recipients] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  // The outbox is the witness: its rows to each recipient's address, whatever their id.
  const [witness] = await db
    .execute<{ mails: number; duplicates: number; missing: number }>(
      sql`
    select coalesce(sum(n), 0)::int as mails, coalesce(sum(n - 1) filter (where n > 1), 0)::int as duplicates,
      count(*) filter (where n = 0)::int as missing
    from (select r.email, count(o.id) as n from ${campaignRecipients} r
      left join ${mailOutbox} o on o.to = r.email
      where r.campaign_id = ${campaignId}::uuid group by r.email) x`,
    )
    .then((r) => r.rows);
  return {
    status: c?.status,
    scheduledAt: c?.scheduledAt?.toISOString() ?? null,
    startedAt: c?.startedAt?.toISOString() ?? null,
    finishedAt: c?.finishedAt?.toISOString() ?? null,
    recipients: recipients?.n ?? 0,
    sent: sent?.n ?? 0,
    firstMail: sent?.first ? new Date(sent.first).toISOString() : null,
    lastMail: sent?.last ? new Date(sent.last).toISOString() : null,
    mails: Number(witness?.mails ?? 0),
    duplicates: Number(witness?.duplicates ?? 0),
    missing: Number(witness?.missing ?? 0),
  };
}

const answer = values.read ? await read(values.read) : await load(Number(values.load ?? 10_000));
await database.close();
process.stdout.write(`${JSON.stringify(answer)}\n`);
process.exit(0);

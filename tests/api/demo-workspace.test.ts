/**
 * The demo of the CRM areas (server/seed/workspace-demo.ts), run on a test app as `npm start`
 * runs it once the app is built: what a newcomer's club owner and administrator find is what
 * the services made, and the outside world stays honest — the sending domain was never checked
 * (not verified, its records to publish), the campaign's figures are its recipients' rows, and
 * with SMTP configured no sender code or campaign mail is made at all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { campaignRecipients, emailSuppressions, mailOutbox } from '../../server/db/schema';
import { seedWorkspaceDemo } from '../../server/seed/workspace-demo';
import { createTestApp, type TestApp } from './helpers/app';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function seeded(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ ...overrides, rateLimit: { enabled: false, formMinFillMs: 0 } });
  apps.push(t);
  await seedWorkspaceDemo(t.app);
  const owner = (await t.login('clubowner@demo.test')).access;
  const get = async (url: string, token = owner) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  };
  return { t, get };
}

describe('the CRM areas demo', () => {
  it("gives the club owner a domain to verify, senders, templates, a campaign's report from its rows, chats and files", async () => {
    const { t, get } = await seeded();
    const [domain] = await get('/api/crmmanagement/domains?page=1&perPage=10');
    expect(domain).toMatchObject({ name: 'bluenoteclub.example', status: 'pending', lastCheckedAt: null });
    const records = await get(`/api/crmmanagement/domains/records?domainId=${domain.id}`);
    expect(records.lastCheck).toBeNull();
    expect(records.records.length).toBeGreaterThan(0);

    const senders = await get('/api/crmmanagement/senders?page=1&perPage=10');
    expect(senders.map((s: { status: string; isDefault: boolean }) => [s.status, s.isDefault]).sort()).toEqual([
      ['pending', false],
      ['verified', true],
    ]);
    expect(await get('/api/email-templates?page=1&perPage=10')).toHaveLength(2);
    expect(
      (await get('/api/WhatsApp/templates?page=1&perPage=10')).map((w: { status: string }) => w.status).sort(),
    ).toEqual(['draft', 'submitted']);

    const campaigns = await get('/api/Campaign/campaigns?page=1&perPage=10');
    expect(campaigns.map((c: { status: string }) => c.status).sort()).toEqual(['draft', 'sent']);
    const sent = campaigns.find((c: { status: string }) => c.status === 'sent');
    const report = await get(`/api/Campaign/campaigns/${sent.id}/report`);
    const { db } = t.app.ctx.database;
    const rows = async (column?: PgColumn) =>
      (
        await db
          .select({ n: count() })
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, sent.id), column ? isNotNull(column) : undefined))
      )[0]!.n;
    expect(report.counts).toMatchObject({
      sent: await rows(campaignRecipients.sentAt),
      opened: await rows(campaignRecipients.openedAt),
      clicked: await rows(campaignRecipients.clickedAt),
      unsubscribed: await rows(campaignRecipients.unsubscribedAt),
    });
    expect(report.counts).toMatchObject({ sent: 6, opened: 4, clicked: 2, unsubscribed: 1 });
    const [suppressed] = await db.select({ n: count() }).from(emailSuppressions);
    expect(suppressed!.n).toBe(1);
    // Every mail of the demo stayed in the outbox.
    const transports = await db.selectDistinct({ transport: mailOutbox.transport }).from(mailOutbox);
    expect(transports).toEqual([{ transport: 'outbox' }]);

    const chats = await get(`/api/crmmanagement/chats/contacts?domainId=${domain.id}`);
    expect(chats.map((c: { state: string }) => c.state).sort()).toEqual(['bot', 'human', 'waiting']);

    const tree = await get('/api/Files/tree');
    const names = tree.nodes.map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Marketing', 'Bar suppliers - October 2026.csv']));

    const admin = (await t.login('admin@demo.test')).access;
    const [form] = await get('/api/Form/forms?page=1&perPage=10', admin);
    expect(form).toMatchObject({ slug: 'partner-enquiry', publishedVersion: 1, submissions: 3 });
  }, 120_000);

  it('makes no sender and no campaign when mail would leave the machine (SMTP)', async () => {
    const { get } = await seeded({ smtpUrl: 'smtp://127.0.0.1:9' });
    expect(await get('/api/crmmanagement/senders?page=1&perPage=10')).toEqual([]);
    expect(await get('/api/Campaign/campaigns?page=1&perPage=10')).toEqual([]);
    const [domain] = await get('/api/crmmanagement/domains?page=1&perPage=10');
    expect(await get(`/api/crmmanagement/chats/contacts?domainId=${domain.id}`)).toHaveLength(3);
  }, 120_000);
});

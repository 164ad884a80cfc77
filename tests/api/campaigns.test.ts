/**
 * Email campaigns (email_campaigns, CLUBOWNER): a draft's parts (verified sender, own template),
 * the audience segment and its count, the per-contact preview with fallbacks, the refusal of a
 * send with an unresolved variable (naming the contact), schedules (now, later, past), the queue's
 * sending with the one-click unsubscribe headers, opens and clicks, the hourly cap, pause /
 * resume / cancel, the report, the role and tenant refusals. The webhook, the suppression list
 * and the unsubscribe link: campaigns-events.test.ts; the crash: campaigns-crash.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { campaignRecipients, campaigns, mailOutbox } from '../../server/db/schema';
import { drainQueue } from '../../server/modules/campaigns';
import { tableOf } from '../../server/resources/tables';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';
import { addContacts, businessOf, pendingSender, template, verifiedSender } from './helpers/campaigns';
import { nextYearClockChanges } from './helpers/clock-changes';

const RUN = Date.now().toString(36);
const BASE = '/api/Campaign';
let t: TestApp;
let owner: string;
let business: string;
let sender: string;
let tpl: string;
const tag = `vip${RUN}`;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  business = await businessOf(t, 'clubowner@demo.test');
  sender = await verifiedSender(t, owner, `news-${RUN}@gmail.test`);
  tpl = await template(
    t,
    owner,
    `Spring ${RUN}`,
    'Spring',
    'Hello {{contact.firstName | "friend"}} {{contact.lastName}}',
  );
  await addContacts(t, business, [
    { fullName: 'Ann Lee', email: `ann-${RUN}@example.com`, tags: `${tag}, newsletter` },
    { fullName: 'Bob Stone', email: `bob-${RUN}@example.com`, tags: `Newsletter,${tag.toUpperCase()}` },
    { fullName: 'Cher', email: `cher-${RUN}@example.com`, tags: tag },
    { fullName: 'Dan Noemail', email: '', tags: tag },
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = owner) =>
  t.call({ method, url: `${BASE}${url}`, token, ...(payload ? { payload } : {}) });
const segment = (conditions: object[]) => ({ match: 'all' as const, conditions: conditions as never[] });
// Each draft its own name: a business names a campaign once (campaignNameTaken).
let drafts = 0;
const draft = (over: object = {}) => ({
  name: `Spring ${RUN} ${++drafts}`,
  senderId: sender,
  templateId: tpl,
  subject: 'Hi {{contact.firstName | "there"}}',
  segment: segment([
    { field: 'tag', op: 'has', value: tag },
    { field: 'fullName', op: 'notContains', value: 'Cher' },
  ]),
  hourlyCap: null,
  ...over,
});
async function create(over: object = {}) {
  const res = await call('POST', '/campaigns', draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; status: string };
}
type Report = { status: string; queued: number; counts: Record<string, number> };
const reportOf = async (id: string) => (await call('GET', `/campaigns/${id}/report`)).json().result as Report;
/**
 * Runs the queue until the campaign's report satisfies `done`. The server's own loop (woken by a
 * schedule or a resume) may hold the campaign or a batch meanwhile: its locks make this pass skip
 * them, so a pass alone proves nothing and the report is what is waited on.
 */
async function until(id: string, done: (r: Report) => boolean): Promise<Report> {
  for (let i = 0; i < 100; i++) {
    await drainQueue(t.app);
    const report = await reportOf(id);
    if (done(report)) return report;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`campaign ${id}: ${JSON.stringify(await reportOf(id))}`);
}
const settle = (id: string) => until(id, (r) => r.queued === 0 && r.status !== 'sending' && r.status !== 'scheduled');

describe('campaigns', () => {
  it('refuses other roles, and another business’s campaign reads as missing', async () => {
    const user = (await t.login('user@demo.test')).access;
    expect((await call('GET', '/campaigns', undefined, user)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${BASE}/campaigns` })).statusCode).toBe(401);
    const other = await businessOf(t, 'user@demo.test');
    const [row] = await t.app.ctx.database.db
      .insert(campaigns)
      .values({
        businessId: other,
        name: 'theirs',
        senderId: sender,
        templateId: tpl,
        subject: 's',
        segment: segment([]),
      })
      .returning({ id: campaigns.id });
    expect((await call('GET', `/campaigns/${row!.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/campaigns/${row!.id}/cancel`)).statusCode).toBe(404);
  });

  it('refuses a draft without a sender, with a pending sender, or with another business’s template', async () => {
    const none = await call('POST', '/campaigns', draft({ senderId: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.senderId).toBe(MESSAGES.campaignSenderRequired);
    const pending = await pendingSender(t, owner, `pending-${RUN}@gmail.test`);
    const unverified = await call('POST', '/campaigns', draft({ senderId: pending }));
    expect(unverified.json().errors.senderId).toBe(MESSAGES.campaignSenderUnverified);
    const unknown = await call('POST', '/campaigns', draft({ templateId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.json().errors.templateId).toBe(MESSAGES.emailTemplateNotFound);
    const badCondition = await call(
      'POST',
      '/campaigns',
      draft({ segment: segment([{ field: 'status', op: 'has', value: 'x' }]) }),
    );
    expect(badCondition.statusCode).toBe(400);
  });

  it('counts a segment’s audience (tags any case, only contacts with an address)', async () => {
    const res = await call('POST', '/audience', {
      segment: segment([{ field: 'tag', op: 'has', value: tag.toUpperCase() }]),
    });
    expect(res.json().result.count).toBe(3);
    const any = await call('POST', '/audience', {
      segment: {
        match: 'any',
        conditions: [
          { field: 'email', op: 'contains', value: `ann-${RUN}` },
          { field: 'email', op: 'contains', value: `bob-${RUN}` },
        ],
      },
    });
    expect(any.json().result.count).toBe(2);
  });

  it('previews a contact’s mail with fallbacks, and names what would stay empty', async () => {
    const { sample } = (
      await call('POST', '/audience', { segment: segment([{ field: 'tag', op: 'has', value: tag }]) })
    ).json().result;
    const cher = sample.find((s: { fullName: string }) => s.fullName === 'Cher');
    const res = await call('POST', '/preview', {
      templateId: tpl,
      subject: 'Hi {{contact.firstName | "there"}}',
      contactId: cher.id,
    });
    expect(res.json().result).toMatchObject({ subject: 'Hi Cher', unresolved: ['contact.lastName'] });
    expect(res.json().result.html).toContain('Unsubscribe');
  });

  it('refuses to schedule a send with an unresolved variable, naming the contact', async () => {
    const c = await create({ segment: segment([{ field: 'tag', op: 'has', value: tag }]) });
    const res = await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      formatMessage('campaignUnresolvedVariable', {
        contact: `Cher <cher-${RUN}@example.com>`,
        variable: 'contact.lastName',
      }),
    );
  });

  it('refuses a time the clocks skip in the business time zone; a time that happens twice goes at the first', async () => {
    expect((await call('GET', '/options')).json().result.timeZone).toBe('America/New_York');
    const c = await create();
    const { forward, back } = nextYearClockChanges(t.clock.now);
    const gap = await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'at', date: forward, time: '02:30' });
    expect(gap.statusCode).toBe(400);
    const message = 'This time does not exist in New York: clocks move forward from 2:00 AM to 3:00 AM';
    expect(gap.json()).toEqual({ message, errors: { time: message } });
    expect((await call('GET', `/campaigns/${c.id}`)).json().result).toMatchObject({
      status: 'draft',
      scheduledAt: null,
    });
    const twice = await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'at', date: back, time: '01:30' });
    expect(twice.statusCode, twice.body).toBe(200);
    // 1:30 AM daylight time (UTC-4), not the 1:30 AM standard time an hour later.
    expect(new Date(twice.json().result.scheduledAt).toISOString()).toBe(`${back}T05:30:00.000Z`);
  });

  it('refuses a time in the past; a later time waits; now sends one mail per recipient with the one-click headers', async () => {
    const later = await create();
    const past = await call('POST', `/campaigns/${later.id}/schedule`, {
      mode: 'at',
      date: '2020-01-01',
      time: '10:00',
    });
    expect(past.json().errors.date).toBe(MESSAGES.campaignScheduleInPast);
    // A day that is not on the calendar is refused, not rolled over into March.
    const noSuchDay = await call('POST', `/campaigns/${later.id}/schedule`, {
      mode: 'at',
      date: '2099-02-30',
      time: '10:00',
    });
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().errors.date).toBe(MESSAGES.campaignScheduleInvalid);
    // A day or a time left out is named on its field, not a bare "Invalid input".
    const noDay = await call('POST', `/campaigns/${later.id}/schedule`, { mode: 'at', time: '10:00' });
    expect(noDay.json().errors).toEqual({ date: MESSAGES.campaignScheduleInvalid });
    const noTime = await call('POST', `/campaigns/${later.id}/schedule`, { mode: 'at', date: '2099-01-01' });
    expect(noTime.json().errors).toEqual({ time: MESSAGES.campaignScheduleInvalid });
    const scheduled = await call('POST', `/campaigns/${later.id}/schedule`, {
      mode: 'at',
      date: '2099-01-01',
      time: '10:00',
    });
    expect(scheduled.json().result).toMatchObject({ status: 'scheduled', templateVersion: 1 });
    await drainQueue(t.app);
    expect((await call('GET', `/campaigns/${later.id}`)).json().result.status).toBe('scheduled');
    const stale = (await call('GET', `/campaigns/${later.id}`)).json().result.updatedAt;
    expect((await call('PUT', `/campaigns/${later.id}`, draft({ updatedAt: stale }))).statusCode).toBe(409);

    const now = await create();
    expect((await call('POST', `/campaigns/${now.id}/schedule`, { mode: 'now' })).json().result.status).toBe(
      'scheduled',
    );
    const report = await settle(now.id);
    expect(report).toMatchObject({ status: 'sent', audienceSize: 2, counts: { sent: 2 } });
    expect((await call('GET', `/campaigns/${now.id}`)).json().result).toMatchObject({ sent: 2, audienceSize: 2 });
    const mails = await t.app.ctx.database.db
      .select()
      .from(mailOutbox)
      .innerJoin(campaignRecipients, eq(campaignRecipients.outboxId, mailOutbox.id))
      .where(eq(campaignRecipients.campaignId, now.id));
    expect(mails.map((m) => m.mail_outbox.to).sort()).toEqual([`ann-${RUN}@example.com`, `bob-${RUN}@example.com`]);
    const ann = mails.find((m) => m.mail_outbox.to.startsWith('ann'))!.mail_outbox;
    expect(ann.subject).toBe('Hi Ann');
    expect(ann.headers).toMatch(/List-Unsubscribe:\s*<http[^>]+\/api\/Campaign\/unsubscribe\?token=[^>]+>,\s*<mailto:/);
    expect(ann.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(ann.text).toMatch(/Unsubscribe: http\S+\/unsubscribe\?token=/);
    expect(ann.html).toContain('/api/Campaign/c?token=');
    expect(ann.html).not.toContain('href="https://example.com/offer');

    // The pixel and a click are recorded once each, as email events too.
    const pixel = /src="[^"]*(\/api\/Campaign\/o\?token=[^"]+)"/.exec(ann.html!)![1]!;
    const link = /href="[^"]*(\/api\/Campaign\/c\?token=[^"]+)"/.exec(ann.html!)![1]!.replace(/&amp;/g, '&');
    expect((await t.call({ method: 'GET', url: pixel })).headers['content-type']).toBe('image/gif');
    await t.call({ method: 'GET', url: pixel });
    const click = await t.call({ method: 'GET', url: link });
    expect(click.statusCode, `${link} ${click.body}`).toBe(302);
    expect(click.headers.location).toBe('https://example.com/offer?a=1&b=2');
    // Another link under the same signature (an open redirect attempt) is refused.
    const [body, mac] = link.split('token=')[1]!.split('.');
    const evil = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('example.com', 'evil.test')).toString(
      'base64url',
    );
    const forged = await t.call({ method: 'GET', url: `/api/Campaign/c?token=${evil}.${mac}` });
    expect(forged.statusCode).toBe(400);
    // A link in the mail, not its unsubscribe link: the answer says so.
    expect(forged.json().message).toBe(MESSAGES.campaignLinkInvalid);
    const counts = (await call('GET', `/campaigns/${now.id}/report`)).json().result.counts;
    expect(counts).toMatchObject({ sent: 2, opened: 1, clicked: 1 });
    const events = await t.app.ctx.database.db
      .select({ event: tableOf('emailEvents').event! })
      .from(tableOf('emailEvents'))
      .where(and(eq(tableOf('emailEvents').recipient!, `ann-${RUN}@example.com`)));
    expect(events.map((e) => e.event).sort()).toEqual(['clicked', 'opened']);
  });

  it('refuses to delete a template a scheduled campaign still has to send with (409, naming it), and deletes it once the campaign is cancelled', async () => {
    const own = await template(t, owner, `Gala ${RUN}`, 'Gala', 'Hello {{contact.firstName | "friend"}}');
    const c = await create({ name: `Gala night ${RUN}`, templateId: own });
    const scheduled = await call('POST', `/campaigns/${c.id}/schedule`, {
      mode: 'at',
      date: '2099-01-01',
      time: '10:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const remove = () => t.call({ method: 'DELETE', url: `/api/email-templates/${own}`, token: owner });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(formatMessage('emailTemplateInUse', { campaign: `Gala night ${RUN}` }));
    expect((await t.call({ method: 'GET', url: `/api/email-templates/${own}`, token: owner })).statusCode).toBe(200);
    expect((await call('POST', `/campaigns/${c.id}/cancel`)).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(200);
  });

  it('refuses to delete a sender a scheduled campaign still sends from (409, naming it), and deletes it once the campaign is cancelled', async () => {
    const own = await verifiedSender(t, owner, `gala-${RUN}@gmail.test`);
    const c = await create({ name: `Sender gala ${RUN}`, senderId: own });
    const scheduled = await call('POST', `/campaigns/${c.id}/schedule`, {
      mode: 'at',
      date: '2099-01-01',
      time: '10:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const remove = () => t.call({ method: 'DELETE', url: `/api/crmmanagement/senders?senderId=${own}`, token: owner });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(formatMessage('emailSenderInUse', { campaign: `Sender gala ${RUN}` }));
    expect((await call('POST', `/campaigns/${c.id}/cancel`)).statusCode).toBe(200);
    expect((await remove()).statusCode).toBeLessThan(300);
  });

  it('keeps to the hourly cap, pauses, resumes and cancels', async () => {
    const many = await addContacts(
      t,
      business,
      Array.from({ length: 5 }, (_, i) => ({
        fullName: `Cap Person${i}`,
        email: `cap${i}-${RUN}@example.com`,
        tags: `cap${RUN}`,
      })),
    );
    expect(many).toHaveLength(5);
    const c = await create({ hourlyCap: 2, segment: segment([{ field: 'tag', op: 'has', value: `cap${RUN}` }]) });
    await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now' });
    await until(c.id, (r) => r.counts.sent === 2);
    // More passes send nothing more within the hour.
    await drainQueue(t.app);
    let report = await reportOf(c.id);
    expect(report).toMatchObject({ status: 'sending', queued: 3, counts: { sent: 2 } });
    expect((await call('POST', `/campaigns/${c.id}/resume`)).statusCode).toBe(409);
    expect((await call('POST', `/campaigns/${c.id}/pause`)).json().result.status).toBe('paused');
    t.clock.advance(3_600_001);
    owner = (await t.login('clubowner@demo.test')).access;
    await drainQueue(t.app);
    expect((await call('GET', `/campaigns/${c.id}/report`)).json().result.counts.sent).toBe(2);
    expect((await call('POST', `/campaigns/${c.id}/resume`)).json().result.status).toBe('sending');
    report = await until(c.id, (r) => r.counts.sent === 4);
    await drainQueue(t.app);
    expect((await reportOf(c.id)).counts.sent).toBe(4);
    const cancelled = await call('POST', `/campaigns/${c.id}/cancel`);
    expect(cancelled.json().result.status).toBe('cancelled');
    t.clock.advance(3_600_001);
    owner = (await t.login('clubowner@demo.test')).access;
    await drainQueue(t.app);
    report = (await call('GET', `/campaigns/${c.id}/report`)).json().result;
    expect(report).toMatchObject({ status: 'cancelled', queued: 0, counts: { sent: 4 } });
    expect((await call('POST', `/campaigns/${c.id}/cancel`)).json().message).toBe(
      formatMessage('campaignActionRefused', { status: 'cancelled', action: 'cancelled' }),
    );
  });
});

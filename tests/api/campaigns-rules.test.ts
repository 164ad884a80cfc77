/**
 * A campaign's further rules (src/domain/campaigns/rules.ts), each refused with its field's
 * message and proven by the queue under a clock the test sets: the A/B test (the share split
 * between two subjects, the winner by opens after the wait sent to the rest), the daily send
 * window in the business's time zone with the hourly cap, segments over past email events
 * (opened / clicked / did not, a named campaign or the last one) evaluated when the send starts,
 * and the footer in the contact's or the business's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { businesses, campaignRecipients, campaigns, mailOutbox, users } from '../../server/db/schema';
import { drainQueue } from '../../server/modules/campaigns';
import { tableOf } from '../../server/resources/tables';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { addDays, zonedDay, zonedParts } from '../../src/domain/venue/opening-hours';
import type { TestApp } from './helpers/app';
import { addContacts, campaignStart } from './helpers/campaigns';

const RUN = Date.now().toString(36);
const BASE = '/api/Campaign';
const HOUR = 3_600_000;
let t: TestApp;
let owner: string;
let business: string;
let sender: string;
let tpl: string;
let zone: string;

beforeAll(async () => {
  ({ t, owner, business, sender, tpl } = await campaignStart(`rules-${RUN}`, `Rules ${RUN}`));
  const [b] = await t.app.ctx.database.db
    .select({ zone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, business));
  zone = b!.zone;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = owner) =>
  t.call({ method, url: `${BASE}${url}`, token, ...(payload ? { payload } : {}) });
/** The clock moved on: a new sign-in (the old access token may have run out). */
async function advance(ms: number) {
  t.clock.advance(ms);
  owner = (await t.login('clubowner@demo.test')).access;
}
const tagged = (tag: string) => ({ match: 'all' as const, conditions: [{ field: 'tag', op: 'has', value: tag }] });
// Each draft its own name: a business names a campaign once (campaignNameTaken).
let drafts = 0;
const draft = (over: object) => ({
  name: `Rules ${RUN} ${++drafts}`,
  senderId: sender,
  templateId: tpl,
  subject: 'Subject A',
  segment: tagged(`none${RUN}`),
  hourlyCap: null,
  ...over,
});
async function create(over: object) {
  const res = await call('POST', '/campaigns', draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string };
}
type Report = {
  status: string;
  queued: number;
  outsideWindow: boolean;
  counts: Record<string, number>;
  ab: null | {
    held: number;
    winner: string | null;
    variants: { variant: string; subject: string; sent: number; opened: number }[];
  };
};
const reportOf = async (id: string) => (await call('GET', `/campaigns/${id}/report`)).json().result as Report;
/** Runs the queue until the report satisfies `done` (the server's own loop may hold a batch meanwhile). */
async function until(id: string, done: (r: Report) => boolean): Promise<Report> {
  for (let i = 0; i < 100; i++) {
    await drainQueue(t.app);
    const report = await reportOf(id);
    if (done(report)) return report;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`campaign ${id}: ${JSON.stringify(await reportOf(id))}`);
}
/** The campaign's mails: address, subject, html, text. */
const mailsOf = (id: string) =>
  t.app.ctx.database.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, html: mailOutbox.html, text: mailOutbox.text })
    .from(mailOutbox)
    .innerJoin(campaignRecipients, eq(campaignRecipients.outboxId, mailOutbox.id))
    .where(eq(campaignRecipients.campaignId, id));
const pixelOf = (html: string | null) => /src="[^"]*(\/api\/Campaign\/o\?token=[^"]+)"/.exec(html ?? '')![1]!;
const linkOf = (html: string | null) =>
  /href="[^"]*(\/api\/Campaign\/c\?token=[^"]+)"/.exec(html ?? '')![1]!.replace(/&amp;/g, '&');

describe('campaign rules', () => {
  it('refuses a name the business already gives a campaign, case aside, on the name field; another business may use it', async () => {
    const name = `Summer Gala ${RUN}`;
    const first = await create({ name });
    const taken = await call('POST', '/campaigns', draft({ name: name.toUpperCase() }));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      message: MESSAGES.campaignNameTaken,
      errors: { name: MESSAGES.campaignNameTaken },
    });
    // A change to another draft's name is refused the same way, and changes nothing.
    const other = await create({});
    const seen = (await call('GET', `/campaigns/${other.id}`)).json().result;
    const renamed = await call(
      'PUT',
      `/campaigns/${other.id}`,
      draft({ name: ` ${name.toLowerCase()} `, updatedAt: seen.updatedAt }),
    );
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().errors).toEqual({ name: MESSAGES.campaignNameTaken });
    expect((await call('GET', `/campaigns/${other.id}`)).json().result.name).toBe(seen.name);
    // Its own name, saved again, is no clash.
    const again = (await call('GET', `/campaigns/${first.id}`)).json().result;
    expect((await call('PUT', `/campaigns/${first.id}`, draft({ name, updatedAt: again.updatedAt }))).statusCode).toBe(
      200,
    );
    // Another business's campaign of that name is no clash either.
    const [theirs] = await t.app.ctx.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(ne(businesses.id, business))
      .limit(1);
    await t.app.ctx.database.db.insert(campaigns).values({
      businessId: theirs!.id,
      name,
      senderId: sender,
      templateId: tpl,
      subject: 'S',
      segment: { match: 'all', conditions: [] },
    });
  });

  it('frees the name of a campaign cancelled before it sent; one cancelled after reaching contacts keeps it', async () => {
    const name = `Autumn Fair ${RUN}`;
    const first = await create({ name });
    const cancelled = await call('POST', `/campaigns/${first.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await call('POST', '/campaigns', draft({ name: name.toLowerCase() }));
    expect(again.statusCode, again.body).toBe(200);
    // Cancelled mid-send: its name is in its contacts' history and the past-event conditions.
    const reached = `Winter Fair ${RUN}`;
    await t.app.ctx.database.db.insert(campaigns).values({
      businessId: business,
      name: reached,
      senderId: sender,
      templateId: tpl,
      subject: 'S',
      segment: { match: 'all', conditions: [] },
      status: 'cancelled',
      startedAt: new Date(t.clock.now),
      finishedAt: new Date(t.clock.now),
    });
    const taken = await call('POST', '/campaigns', draft({ name: reached.toUpperCase() }));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().errors).toEqual({ name: MESSAGES.campaignNameTaken });
  });

  it('refuses an incomplete A/B test or send window, and a segment naming a campaign not of the business', async () => {
    const ab = await call('POST', '/campaigns', draft({ subjectB: 'Subject B' }));
    expect(ab.statusCode).toBe(400);
    expect(ab.json().errors).toMatchObject({
      abPercent: formatMessage('campaignAbPercentRange', { min: 2, max: 100 }),
      abWaitHours: formatMessage('campaignAbWaitRange', { max: 168 }),
    });
    const same = await call('POST', '/campaigns', draft({ subjectB: 'Subject A', abPercent: 20, abWaitHours: 4 }));
    expect(same.json().errors.subjectB).toBe(MESSAGES.campaignAbSameSubject);
    // The same subject in another case or with spaces around is the same to a reader: no test.
    for (const subjectB of ['subject a', '  SUBJECT A  ']) {
      const samish = await call('POST', '/campaigns', draft({ subjectB, abPercent: 20, abWaitHours: 4 }));
      expect(samish.statusCode, subjectB).toBe(400);
      expect(samish.json().errors.subjectB, subjectB).toBe(MESSAGES.campaignAbSameSubject);
    }
    const share = await call('POST', '/campaigns', draft({ subjectB: 'B', abPercent: 1, abWaitHours: 4 }));
    expect(share.json().errors.abPercent).toBe(formatMessage('campaignAbPercentRange', { min: 2, max: 100 }));
    const half = await call('POST', '/campaigns', draft({ windowStart: '09:00', windowEnd: '' }));
    expect(half.json().errors.windowEnd).toBe(MESSAGES.campaignWindowIncomplete);
    const sameTimes = await call('POST', '/campaigns', draft({ windowStart: '09:00', windowEnd: '09:00' }));
    expect(sameTimes.json().errors.windowEnd).toBe(MESSAGES.campaignWindowSameTimes);
    const typo = await call('POST', '/campaigns', draft({ windowStart: '9am', windowEnd: '17:00' }));
    expect(typo.json().errors.windowStart).toBe(MESSAGES.campaignWindowInvalid);
    const foreign = await call(
      'POST',
      '/campaigns',
      draft({
        segment: {
          match: 'all',
          conditions: [{ field: 'campaign', op: 'opened', value: '00000000-0000-4000-8000-000000000000' }],
        },
      }),
    );
    expect(foreign.json().errors['segment.conditions.0.value']).toBe(MESSAGES.campaignNotFound);
    const loose = await call(
      'POST',
      '/campaigns',
      draft({ segment: { match: 'all', conditions: [{ field: 'campaign', op: 'opened', value: 'yesterday' }] } }),
    );
    expect(loose.statusCode).toBe(400);
    // Without the second subject, the test's numbers are not kept.
    const plain = await create({ subjectB: '', abPercent: 20, abWaitHours: 4, windowStart: '', windowEnd: '' });
    expect((await call('GET', `/campaigns/${plain.id}`)).json().result).toMatchObject({
      subjectB: null,
      abPercent: null,
      windowStart: null,
    });
    const user = (await t.login('user@demo.test')).access;
    expect((await call('GET', '/options', undefined, user)).statusCode).toBe(403);
  });

  it('takes a draft without hourlyCap as no cap (null), on a create and on a change; a cap out of range keeps its message', async () => {
    const { hourlyCap: _left, ...noCap } = draft({});
    const made = await call('POST', '/campaigns', noCap);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().result.hourlyCap).toBeNull();
    // A change leaving it out clears a cap set before: a change replaces the whole draft.
    const capped = await create({ hourlyCap: 5 });
    const before = (await call('GET', `/campaigns/${capped.id}`)).json().result as { name: string; updatedAt: string };
    const { hourlyCap: _gone, ...change } = draft({ name: before.name, updatedAt: before.updatedAt });
    const changed = await call('PUT', `/campaigns/${capped.id}`, change);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result.hourlyCap).toBeNull();
    const zero = await call('POST', '/campaigns', draft({ hourlyCap: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.hourlyCap).toBe(formatMessage('campaignHourlyCapRange', { max: '100,000' }));
  });

  it('A/B: splits the share between the subjects, holds the rest, sends it the subject opened more after the wait', async () => {
    const tag = `ab${RUN}`;
    await addContacts(
      t,
      business,
      Array.from({ length: 10 }, (_, i) => ({
        fullName: `Ab Person${i}`,
        email: `ab${i}-${RUN}@example.com`,
        tags: tag,
      })),
    );
    const c = await create({ segment: tagged(tag), subjectB: 'Subject B', abPercent: 40, abWaitHours: 2 });
    expect((await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now' })).statusCode).toBe(200);
    let report = await until(c.id, (r) => r.counts.sent === 4);
    expect(report).toMatchObject({ status: 'sending', queued: 0, ab: { held: 6, winner: null } });
    const mails = await mailsOf(c.id);
    const bySubject = (s: string) => mails.filter((m) => m.subject === s);
    expect(bySubject('Subject A')).toHaveLength(2);
    expect(bySubject('Subject B')).toHaveLength(2);
    // Both B mails are opened, one A mail.
    for (const m of [...bySubject('Subject B'), bySubject('Subject A')[0]!])
      await t.call({ method: 'GET', url: pixelOf(m.html) });
    // Before the wait is over nothing more goes.
    await advance(HOUR);
    await drainQueue(t.app);
    expect((await reportOf(c.id)).ab).toMatchObject({ held: 6, winner: null });
    await advance(HOUR + 1000);
    report = await until(c.id, (r) => r.status === 'sent');
    expect(report.counts.sent).toBe(10);
    expect(report.ab).toMatchObject({
      held: 0,
      winner: 'b',
      variants: [
        { variant: 'a', subject: 'Subject A', sent: 2, opened: 1 },
        { variant: 'b', subject: 'Subject B', sent: 2, opened: 2 },
      ],
    });
    const after = await mailsOf(c.id);
    expect(after.filter((m) => m.subject === 'Subject B')).toHaveLength(8);
    expect(new Set(after.map((m) => m.to)).size).toBe(10);
    expect((await call('GET', `/campaigns/${c.id}`)).json().result.abWinner).toBe('b');
  });

  it('waits outside the daily send window (the business’s time zone), then sends within it up to the hourly cap', async () => {
    const tag = `win${RUN}`;
    await addContacts(
      t,
      business,
      Array.from({ length: 3 }, (_, i) => ({
        fullName: `Win Person${i}`,
        email: `win${i}-${RUN}@example.com`,
        tags: tag,
      })),
    );
    // A three-hour window away from the business's present time of day.
    const minute = zonedParts(t.clock.now, zone).minutes;
    const start = minute >= 720 ? 60 : 1200;
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const c = await create({
      segment: tagged(tag),
      hourlyCap: 2,
      windowStart: hhmm(start),
      windowEnd: hhmm(start + 180),
    });
    await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now' });
    let report = await until(c.id, (r) => r.status === 'sending');
    await drainQueue(t.app);
    report = await reportOf(c.id);
    expect(report).toMatchObject({ outsideWindow: true, queued: 3, counts: { sent: 0 } });
    // Into the window: two (the cap), then after an hour the third.
    await advance((((start - minute + 1440) % 1440) + 1) * 60_000);
    report = await until(c.id, (r) => r.counts.sent === 2);
    expect(report).toMatchObject({ outsideWindow: false, queued: 1 });
    await drainQueue(t.app);
    expect((await reportOf(c.id)).counts.sent).toBe(2);
    await advance(HOUR + 1000);
    report = await until(c.id, (r) => r.status === 'sent');
    expect(report.counts.sent).toBe(3);
  });

  it('sends through a window that passes midnight (18:00 to 09:00), on both sides of it, and waits in the day', async () => {
    const tag = `night${RUN}`;
    await addContacts(
      t,
      business,
      Array.from({ length: 3 }, (_, i) => ({
        fullName: `Night Person${i}`,
        email: `night${i}-${RUN}@example.com`,
        tags: tag,
      })),
    );
    // Noon in the business's time zone: outside the window.
    await advance((((720 - zonedParts(t.clock.now, zone).minutes + 1440) % 1440) + 1) * 60_000);
    const c = await create({ segment: tagged(tag), hourlyCap: 2, windowStart: '18:00', windowEnd: '09:00' });
    expect((await call('GET', `/campaigns/${c.id}`)).json().result).toMatchObject({
      windowStart: '18:00',
      windowEnd: '09:00',
    });
    await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now' });
    await until(c.id, (r) => r.status === 'sending');
    await drainQueue(t.app);
    expect(await reportOf(c.id)).toMatchObject({ outsideWindow: true, queued: 3, counts: { sent: 0 } });
    // 23:01, before midnight: two (the cap).
    await advance(11 * HOUR);
    let report = await until(c.id, (r) => r.counts.sent === 2);
    expect(report).toMatchObject({ outsideWindow: false, queued: 1 });
    // 01:01, after midnight: still inside, the third.
    await advance(2 * HOUR);
    report = await until(c.id, (r) => r.status === 'sent');
    expect(report.counts.sent).toBe(3);
    expect(zonedParts(t.clock.now, zone).minutes).toBeLessThan(9 * 60);
  });

  it('segments by past email events: opened, clicked or not, a named campaign or the last, counted when the send starts', async () => {
    const tag = `past${RUN}`;
    const emails = ['pia', 'quin', 'rae'].map((n) => `${n}-${RUN}@example.com`);
    await addContacts(
      t,
      business,
      emails.map((email, i) => ({ fullName: `Past Person${i}`, email, tags: tag })),
    );
    const x = await create({ name: `Past X ${RUN}`, segment: tagged(tag) });
    await call('POST', `/campaigns/${x.id}/schedule`, { mode: 'now' });
    await until(x.id, (r) => r.status === 'sent');
    const mails = await mailsOf(x.id);
    const to = (e: string) => mails.find((m) => m.to === e)!;
    await t.call({ method: 'GET', url: pixelOf(to(emails[0]!).html) });
    await t.call({ method: 'GET', url: linkOf(to(emails[1]!).html) });
    const count = async (op: string, value: string) =>
      (
        await call('POST', '/audience', {
          segment: {
            match: 'all',
            conditions: [
              { field: 'tag', op: 'has', value: tag },
              { field: 'campaign', op, value },
            ],
          },
        })
      ).json().result.count as number;
    expect(await count('opened', x.id)).toBe(2);
    expect(await count('clicked', x.id)).toBe(1);
    expect(await count('notOpened', x.id)).toBe(1);
    expect(await count('notClicked', x.id)).toBe(2);
    expect(await count('opened', 'last')).toBe(2);
    const options = (await call('GET', '/options')).json().result;
    expect(options.campaigns[0]).toMatchObject({ id: x.id, name: `Past X ${RUN}` });

    // "Opened the last campaign", scheduled for tomorrow: Rae opens X meanwhile and is in it.
    const y = await create({
      segment: {
        match: 'all',
        conditions: [
          { field: 'tag', op: 'has', value: tag },
          { field: 'campaign', op: 'opened', value: 'last' },
        ],
      },
    });
    const tomorrow = addDays(zonedDay(t.clock.now, zone), 1);
    const at = await call('POST', `/campaigns/${y.id}/schedule`, { mode: 'at', date: tomorrow, time: '10:00' });
    expect(at.statusCode, at.body).toBe(200);
    await t.call({ method: 'GET', url: pixelOf(to(emails[2]!).html) });
    await advance(2 * 24 * HOUR);
    const report = await until(y.id, (r) => r.status === 'sent');
    expect(report.counts.sent).toBe(3);
  });

  it('writes the footer in the contact’s language, else the business’s', async () => {
    const tag = `lang${RUN}`;
    const [es, plain, en] = ['sol', 'pat', 'eli'].map((n) => `${n}-${RUN}@example.com`) as [string, string, string];
    await addContacts(t, business, [
      { fullName: 'Sol Ruiz', email: es, tags: tag },
      { fullName: 'Pat Doe', email: plain, tags: tag },
      { fullName: 'Eli Moe', email: en, tags: tag },
    ]);
    const contacts = tableOf('contacts');
    await t.app.ctx.database.db.update(contacts).set({ language: 'es' }).where(eq(contacts.email!, es));
    await t.app.ctx.database.db.update(contacts).set({ language: 'en' }).where(eq(contacts.email!, en));
    const send = async () => {
      const c = await create({ segment: tagged(tag) });
      await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now' });
      await until(c.id, (r) => r.status === 'sent');
      return new Map((await mailsOf(c.id)).map((m) => [m.to, m]));
    };
    let mails = await send();
    // The link opens the unsubscribe page in the mail's language.
    expect(mails.get(es)!.text).toMatch(/Darse de baja: http\S+\/unsubscribe\?token=[^&\s]+&lang=es\n/);
    expect(mails.get(es)!.html).toContain('>Darse de baja</a>');
    expect(mails.get(plain)!.text).toMatch(/\nUnsubscribe: http\S+&lang=en\n/);
    // The business's language is its club owner's: Spanish now for those without their own.
    await t.app.ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.email, 'clubowner@demo.test'));
    mails = await send();
    expect(mails.get(plain)!.text).toContain('Darse de baja:');
    expect(mails.get(en)!.text).toMatch(/\nUnsubscribe: http/);
  });
});

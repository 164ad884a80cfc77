/**
 * A campaign's schedule against what can change under it (docs/email-campaigns.md, "Races"): the
 * draft edited from another tab, and its template deleted, while the schedule is checking the
 * audience. The last write never silently wins: the second action answers 409 with its message,
 * and the campaign is never scheduled with content its scheduler did not see or with a template
 * that is gone.
 *
 * The exact interleaving is made on PostgreSQL by holding the contacts table locked: the schedule
 * has read the draft and the template and waits in its audience check while the other action runs
 * to its end. The same pairs sent at once, several times, then leave one success each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { campaigns } from '../../server/db/schema';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import type { TestApp } from './helpers/app';
import { addContacts, campaignStart, template } from './helpers/campaigns';
import { pgUrl } from './helpers/database';

const RUN = Date.now().toString(36);
const BASE = '/api/Campaign';
let t: TestApp;
let owner: string;
let sender: string;
let tpl: string;
const tag = `race${RUN}`;

beforeAll(async () => {
  let business: string;
  ({ t, owner, business, sender, tpl } = await campaignStart(`race-${RUN}`, `Race ${RUN}`));
  await addContacts(t, business, [
    { fullName: 'Ann Race', email: `ann-${RUN}@example.com`, tags: tag },
    { fullName: 'Bob Race', email: `bob-${RUN}@example.com`, tags: tag },
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  t.call({ method, url: `${BASE}${url}`, token: owner, ...(payload ? { payload } : {}) });
const removeTemplate = (id: string) => t.call({ method: 'DELETE', url: `/api/email-templates/${id}`, token: owner });

let n = 0;
const draft = (over: object = {}) => ({
  name: `Race ${RUN} ${++n}`,
  senderId: sender,
  templateId: tpl,
  subject: 'Spring news',
  segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: tag }] },
  hourlyCap: null,
  ...over,
});
type Row = { id: string; status: string; subject: string; updatedAt: string; templateVersion: number | null };
async function create(over: object = {}) {
  const res = await call('POST', '/campaigns', draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Row;
}
const read = async (id: string) => (await call('GET', `/campaigns/${id}`)).json().result as Row;
const LATER = { mode: 'at', date: '2099-01-01', time: '10:00' } as const;

/**
 * Runs `during` while a schedule of `id` waits in its audience check (the contacts table held by
 * a transaction of the test's own), then lets the schedule go on; answers the schedule's answer.
 */
async function scheduleAround(id: string, seen: string, during: () => Promise<void>) {
  const { db } = t.app.ctx.database;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`lock table contacts in access exclusive mode`);
    locked();
    await held;
  });
  await isLocked;
  const schedule = call('POST', `/campaigns/${id}/schedule`, { ...LATER, updatedAt: seen });
  try {
    // The schedule has read the draft and its template when it waits for the contacts.
    for (;;) {
      const [row] = (
        await db.execute<{ waiting: number }>(
          sql`select count(*)::int as waiting from pg_locks where relation = 'contacts'::regclass and not granted`,
        )
      ).rows;
      if (row && row.waiting > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await during();
  } finally {
    release();
    await holder;
  }
  return schedule;
}

describe.skipIf(!pgUrl())('a schedule racing another action (PostgreSQL)', () => {
  it('an edit saved while the schedule checks the audience: the schedule answers 409 and the draft keeps the edit, unscheduled', async () => {
    const c = await create();
    const res = await scheduleAround(c.id, c.updatedAt, async () => {
      const edit = await call(
        'PUT',
        `/campaigns/${c.id}`,
        draft({ subject: 'Edited in the other tab', updatedAt: c.updatedAt }),
      );
      expect(edit.statusCode, edit.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(MESSAGES.campaignChangedMeanwhile);
    const after = await read(c.id);
    expect(after).toMatchObject({ status: 'draft', subject: 'Edited in the other tab', templateVersion: null });
  });

  it('the template deleted while the schedule checks the audience: the schedule answers 409 and the campaign stays a draft', async () => {
    const own = await template(t, owner, `Doomed ${RUN}`, 'Doomed', 'Hello {{contact.firstName | "friend"}}');
    const c = await create({ templateId: own });
    const res = await scheduleAround(c.id, c.updatedAt, async () => {
      const removed = await removeTemplate(own);
      expect(removed.statusCode, removed.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(MESSAGES.campaignTemplateDeleted);
    expect(res.json().errors.templateId).toBe(MESSAGES.campaignTemplateDeleted);
    expect((await read(c.id)).status).toBe('draft');
  });
});

describe('a schedule and another action sent at once', () => {
  it('schedule and edit together, 6 times: one of them succeeds, the other answers 409, and a scheduled campaign holds what its scheduler saw', async () => {
    for (let i = 0; i < 6; i++) {
      const c = await create();
      const [schedule, edit] = await Promise.all([
        call('POST', `/campaigns/${c.id}/schedule`, { ...LATER, updatedAt: c.updatedAt }),
        call('PUT', `/campaigns/${c.id}`, draft({ subject: `Edited ${i}`, updatedAt: c.updatedAt })),
      ]);
      const after = await read(c.id);
      expect([schedule.statusCode, edit.statusCode].sort(), `${schedule.body} ${edit.body}`).toEqual([200, 409]);
      if (schedule.statusCode === 200) {
        expect(edit.json().message).toBe(MESSAGES.campaignNotEditable);
        expect(after).toMatchObject({ status: 'scheduled', subject: 'Spring news' });
      } else {
        expect(schedule.json().message).toBe(MESSAGES.campaignChangedMeanwhile);
        expect(after).toMatchObject({ status: 'draft', subject: `Edited ${i}` });
      }
    }
  });

  it('schedule and template delete together, 6 times: never both; a scheduled campaign’s template is still there', async () => {
    for (let i = 0; i < 6; i++) {
      const own = await template(t, owner, `Both ${RUN} ${i}`, 'Both', 'Hello {{contact.firstName | "friend"}}');
      const c = await create({ name: `Both ${RUN} ${i}`, templateId: own });
      const [schedule, removed] = await Promise.all([
        call('POST', `/campaigns/${c.id}/schedule`, { ...LATER, updatedAt: c.updatedAt }),
        removeTemplate(own),
      ]);
      const kept = await t.call({ method: 'GET', url: `/api/email-templates/${own}`, token: owner });
      if (schedule.statusCode === 200) {
        expect(removed.statusCode, removed.body).toBe(409);
        expect(removed.json().message).toBe(formatMessage('emailTemplateInUse', { campaign: `Both ${RUN} ${i}` }));
        expect(kept.statusCode).toBe(200);
      } else {
        expect(removed.statusCode, removed.body).toBe(200);
        // Deleted before the schedule read it (400 on the field), or while it checked (409).
        expect([400, 409], schedule.body).toContain(schedule.statusCode);
        expect((await read(c.id)).status).toBe('draft');
      }
    }
  });
});

describe('a tab that did not see the latest save', () => {
  it('schedules nothing and saves nothing over it: 409 with the message, the other tab’s save kept', async () => {
    const c = await create();
    const other = await call('PUT', `/campaigns/${c.id}`, draft({ subject: 'From tab B', updatedAt: c.updatedAt }));
    expect(other.statusCode, other.body).toBe(200);
    // Tab A still shows the draft as it was.
    const schedule = await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now', updatedAt: c.updatedAt });
    expect(schedule.statusCode).toBe(409);
    expect(schedule.json().message).toBe(MESSAGES.campaignChangedMeanwhile);
    const edit = await call('PUT', `/campaigns/${c.id}`, draft({ subject: 'From tab A', updatedAt: c.updatedAt }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(MESSAGES.campaignChangedMeanwhile);
    expect(await read(c.id)).toMatchObject({ status: 'draft', subject: 'From tab B' });
    // Read again, tab A goes on.
    const fresh = await read(c.id);
    const again = await call('POST', `/campaigns/${c.id}/schedule`, { ...LATER, updatedAt: fresh.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a change that sends no updatedAt (or one that is not a date) is refused 400 naming it, and changes nothing', async () => {
    const c = await create();
    for (const updatedAt of [undefined, 'yesterday', '']) {
      const res = await call('PUT', `/campaigns/${c.id}`, draft({ subject: 'Sent blind', updatedAt }));
      expect(res.statusCode, String(updatedAt)).toBe(400);
      expect(res.json().errors).toEqual({ updatedAt: MESSAGES.campaignUpdatedAtRequired });
    }
    expect(await read(c.id)).toMatchObject({ subject: c.subject, updatedAt: c.updatedAt });
    // A schedule may leave it out: it sends the draft as stored now, which it checks itself.
    expect((await call('POST', `/campaigns/${c.id}/schedule`, LATER)).statusCode).toBe(200);
  });

  it('two saves within one millisecond of the clock still differ: the second tab’s save of the first version is refused', async () => {
    const c = await create();
    // The test app's clock stands still: both saves happen at the same "now".
    const first = await call('PUT', `/campaigns/${c.id}`, draft({ subject: 'One', updatedAt: c.updatedAt }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.updatedAt).not.toBe(c.updatedAt);
    const second = await call('PUT', `/campaigns/${c.id}`, draft({ subject: 'Two', updatedAt: c.updatedAt }));
    expect(second.statusCode).toBe(409);
  });

  it('a version that is not a time is refused on the field, in the schema’s message', async () => {
    const c = await create();
    const res = await call('POST', `/campaigns/${c.id}/schedule`, { mode: 'now', updatedAt: 'yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.updatedAt).toBe(MESSAGES.campaignUpdatedAtRequired);
    expect((await read(c.id)).status).toBe('draft');
  });
});

describe('the refusals still hold', () => {
  it('a scheduled campaign is not changed, whatever version is sent', async () => {
    const c = await create();
    const scheduled = await call('POST', `/campaigns/${c.id}/schedule`, { ...LATER, updatedAt: c.updatedAt });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const fresh = await read(c.id);
    const edit = await call('PUT', `/campaigns/${c.id}`, draft({ updatedAt: fresh.updatedAt }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(MESSAGES.campaignNotEditable);
    const [row] = await t.app.ctx.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row!.status).toBe('scheduled');
  });
});

/**
 * Answers kept as spam (submission-service.ts): a submission sent faster than the minimum fill
 * time is answered as any other and stored marked spam, outside the answers list, the counts and
 * the CSV, with no contact and no notification; "Not spam" moves it into the answers and brings
 * its contact and the admins' notification once; an answer whose contact the mapping refuses joins
 * the answers all the same, without a contact, and the refusal is answered by form field. A filled
 * honeypot is still dropped. The route
 * is the form admins' (ADMIN): a business's owner and a user are refused 403, another form's
 * submission or an unknown id is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

const FORMS = '/api/Form/forms';
const PUBLIC = '/api/Form/public';
const CONTACTS = '/api/crmmanagement/contacts';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'user', 'clubowner']) token[who] = (await t.login(`${who}@demo.test`)).access;
  for (const slug of ['quick-form', 'other-quick']) {
    expect((await call('POST', FORMS, { name: `Form ${slug}`, slug })).statusCode).toBe(201);
    const draft = await call('PUT', `${FORMS}/${slug}/draft`, { fields: FIELDS, contactMapping: { email: 'mail' } });
    expect(draft.statusCode).toBe(200);
    expect((await call('POST', `${FORMS}/${slug}/publish`, {})).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: string | null = 'admin') =>
  t.call({ method, url, ...(who ? { token: token[who] } : {}), ...(payload ? { payload } : {}) });

const FIELDS = [
  { key: 'name', type: 'shortText', label: 'Name', required: true },
  { key: 'mail', type: 'email', label: 'Email' },
];
const RECEIVED = { result: { received: true } };

/** Opens the public form and sends after `waitMs` (a person's browser autofill: under a second). */
async function send(slug: string, answers: object, waitMs: number, extra: object = {}) {
  const open = await call('GET', `${PUBLIC}/${slug}`, undefined, null);
  expect(open.statusCode).toBe(200);
  t.clock.advance(waitMs);
  const sent = await call(
    'POST',
    `${PUBLIC}/${slug}/submissions`,
    { answers, startToken: open.json().result.startToken, ...extra },
    null,
  );
  expect(sent.json()).toEqual(RECEIVED);
}

type Row = { id: string; answers: Record<string, unknown> };
const list = async (slug: string, spam: boolean) => {
  const answer = await call('GET', `${FORMS}/${slug}/submissions?perPage=100&spam=${spam}`);
  expect(answer.statusCode).toBe(200);
  return {
    rows: answer.json().result as Row[],
    total: JSON.parse(String(answer.headers['paging-data'])).totalCount as number,
  };
};
const names = (rows: Row[]) => rows.map((r) => r.answers.name).sort();
const counts = async (slug: string) => {
  const detail = (await call('GET', `${FORMS}/${slug}`)).json().result;
  const summary = (await call('GET', `${FORMS}?perPage=100`))
    .json()
    .result.find((f: { slug: string }) => f.slug === slug);
  return { version: detail.versions[0].submissions, spam: detail.spam, listed: summary.submissions };
};
const told = async (name: string) =>
  (
    await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'form'), eq(notifications.title, `New answer to Form ${name}`)))
  ).length;
const contactsNamed = async (email: string) =>
  (await call('GET', `${CONTACTS}?query=${encodeURIComponent(email)}&perPage=100`)).json().result as unknown[];

describe('an answer sent faster than a person fills a form', () => {
  it('is kept as spam, out of the answers, counts, CSV, contacts and notifications, until marked not spam', async () => {
    await send('quick-form', { name: 'Paced', mail: 'paced@example.com' }, 5_000);
    await send('quick-form', { name: 'Autofilled', mail: 'auto@example.com' }, 800);
    // A person's mistake is theirs to fix, however fast: 400 with its message, nothing kept.
    const open = await call('GET', `${PUBLIC}/quick-form`, undefined, null);
    const wrong = await call(
      'POST',
      `${PUBLIC}/quick-form/submissions`,
      { answers: { mail: 'x@example.com' }, startToken: open.json().result.startToken },
      null,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors['answers.name']).toBeTruthy();

    expect(names((await list('quick-form', false)).rows)).toEqual(['Paced']);
    const spam = await list('quick-form', true);
    expect(names(spam.rows)).toEqual(['Autofilled']);
    expect(spam.total).toBe(1);
    expect((await list('quick-form', false)).total).toBe(1);
    expect(await counts('quick-form')).toEqual({ version: 1, spam: 1, listed: 1 });
    const csv = (await call('GET', `${FORMS}/quick-form/submissions/export`)).body;
    expect(csv).toContain('Paced');
    expect(csv).not.toContain('Autofilled');
    expect(await contactsNamed('auto@example.com')).toEqual([]);
    expect(await told('quick-form')).toBe(1);

    const moved = await call('POST', `${FORMS}/quick-form/submissions/${spam.rows[0]!.id}/not-spam`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result).toEqual({ contactRefused: null });
    expect(names((await list('quick-form', false)).rows)).toEqual(['Autofilled', 'Paced']);
    expect((await list('quick-form', true)).rows).toEqual([]);
    expect(await counts('quick-form')).toEqual({ version: 2, spam: 0, listed: 2 });
    expect((await call('GET', `${FORMS}/quick-form/submissions/export`)).body).toContain('Autofilled');
    // The same path a real answer takes: its contact, and the admins told once.
    expect(await contactsNamed('auto@example.com')).toHaveLength(1);
    expect(await told('quick-form')).toBe(2);
    // Asked again (a second click, another admin): nothing more to move, nobody told twice.
    expect((await call('POST', `${FORMS}/quick-form/submissions/${spam.rows[0]!.id}/not-spam`)).statusCode).toBe(404);
    expect(await told('quick-form')).toBe(2);
  });

  it('joins the answers without a contact when the contact refuses it, and says why by form field', async () => {
    // The person was told "received" long ago and the admin cannot edit an answer: refusing would
    // keep a real answer in Spam for good. So it joins the answers, the admins are told, no contact.
    expect((await call('POST', FORMS, { name: 'Form named-quick', slug: 'named-quick' })).statusCode).toBe(201);
    const mapping = { email: 'mail', fullName: 'name' };
    expect(
      (await call('PUT', `${FORMS}/named-quick/draft`, { fields: FIELDS, contactMapping: mapping })).statusCode,
    ).toBe(200);
    expect((await call('POST', `${FORMS}/named-quick/publish`, {})).statusCode).toBe(200);
    // A one-letter name passes the form (no minimum set) but not the contact's name rule.
    await send('named-quick', { name: 'X', mail: 'x-quick@example.com' }, 300);
    const [kept] = (await list('named-quick', true)).rows;

    const moved = await call('POST', `${FORMS}/named-quick/submissions/${kept!.id}/not-spam`);
    expect(moved.statusCode, moved.body).toBe(200);
    const { contactRefused } = moved.json().result as { contactRefused: Record<string, string> };
    expect(Object.keys(contactRefused)).toEqual(['answers.name']);
    expect(contactRefused['answers.name']).toMatch(/\w/);
    expect(names((await list('named-quick', false)).rows)).toEqual(['X']);
    expect((await list('named-quick', true)).rows).toEqual([]);
    expect(await counts('named-quick')).toEqual({ version: 1, spam: 0, listed: 1 });
    expect(await contactsNamed('x-quick@example.com')).toEqual([]);
    expect(await told('named-quick')).toBe(1);
    // Once: asked again, nothing more to move and nobody told twice.
    expect((await call('POST', `${FORMS}/named-quick/submissions/${kept!.id}/not-spam`)).statusCode).toBe(404);
    expect(await told('named-quick')).toBe(1);
  });

  it('is the form admins’ alone to see and move: 403 to others, 404 through another form, 400 for a malformed id', async () => {
    await send('quick-form', { name: 'Hasty' }, 100);
    const [hasty] = (await list('quick-form', true)).rows;
    for (const who of ['clubowner', 'user']) {
      expect((await call('GET', `${FORMS}/quick-form/submissions?spam=true`, undefined, who)).statusCode).toBe(403);
      const refused = await call('POST', `${FORMS}/quick-form/submissions/${hasty!.id}/not-spam`, undefined, who);
      expect(refused.statusCode, who).toBe(403);
    }
    expect(
      (await call('POST', `${FORMS}/quick-form/submissions/${hasty!.id}/not-spam`, undefined, null)).statusCode,
    ).toBe(401);
    expect((await call('POST', `${FORMS}/other-quick/submissions/${hasty!.id}/not-spam`)).statusCode).toBe(404);
    const malformed = await call('POST', `${FORMS}/quick-form/submissions/not-an-id/not-spam`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ id: 'This id is not valid' });
    const bad = await call('GET', `${FORMS}/quick-form/submissions?spam=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.spam).toBe('Must be true or false');
    expect(names((await list('quick-form', true)).rows)).toEqual(['Hasty']);
  });

  it('still drops a filled honeypot, however slow: nothing kept, not even as spam', async () => {
    await send('other-quick', { name: 'Bot' }, 5_000, { website: 'http://spam.example' });
    await send('other-quick', { name: 'Fast bot' }, 100, { website: 'http://spam.example' });
    expect((await list('other-quick', false)).rows).toEqual([]);
    expect((await list('other-quick', true)).rows).toEqual([]);
  });
});

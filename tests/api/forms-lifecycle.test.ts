/**
 * A form's life at its public address: its admin stops it taking answers (the public page says
 * it is closed, without fields or start token; a submission or an upload to it, even from a page
 * opened before, is refused 409 with the sentence the page shows) and takes them again; and
 * deletes it, with its versions, answers (spam included) and old slugs: its address then answers
 * 404 and is free for a new form. Refusals: every other role 403, signed out 401, a slug that
 * names no form (or an old one at a deleted form) 404, a body of the wrong shape 400, never a 500.
 * The platform's forms have no business, so the role is the whole access rule (forms.test.ts).
 * Files of a deleted form: tests/api/forms-files.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formSubmissions, forms } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, everyCaller, type TestApp } from './helpers/app';

const FORMS = '/api/Form/forms';
const PUBLIC = '/api/Form/public';

let t: TestApp;
let callers: [string, string | undefined][];
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  callers = await everyCaller(t);
  admin = callers.find(([role]) => role === 'ADMIN')![1]!;
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token: string | undefined = admin) =>
  t.call({
    method,
    url,
    ...(token ? { token } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const FIELDS = [{ key: 'name', type: 'shortText', label: 'Name', required: true }];

async function published(slug: string) {
  expect((await call('POST', FORMS, { name: `Form ${slug}`, slug })).statusCode).toBe(201);
  expect((await call('PUT', `${FORMS}/${slug}/draft`, { fields: FIELDS })).statusCode).toBe(200);
  expect((await call('POST', `${FORMS}/${slug}/publish`, {})).statusCode).toBe(200);
}

const open = async (slug: string) => (await call('GET', `${PUBLIC}/${slug}`, undefined, '')).json().result;
const send = (slug: string, startToken: string, answers: object = { name: 'Ada' }) => {
  t.clock.advance(5_000);
  return call('POST', `${PUBLIC}/${slug}/submissions`, { answers, startToken }, '');
};
const accepting = (slug: string, value: unknown, token?: string) =>
  call('PUT', `${FORMS}/${slug}/accepting`, { accepting: value }, token);

describe('closing a form to answers', () => {
  it('shows the public page closed, refuses a send from a page opened before, and reopens', async () => {
    await published('closing');
    const before = await open('closing');
    expect(before).toMatchObject({ closed: false, fields: [expect.objectContaining({ key: 'name' })] });
    const { id, updatedAt: opened } = (await call('GET', `${FORMS}/closing`)).json().result;

    const closed = await accepting('closing', false);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().result.closedAt).toEqual(expect.any(String));
    // Not a change to the draft: a builder tab open on the form still saves it.
    expect(closed.json().result.updatedAt).toBe(opened);
    const listed = (await call('GET', `${FORMS}?perPage=100`)).json().result;
    expect(listed.find((f: { slug: string }) => f.slug === 'closing').closedAt).toEqual(expect.any(String));

    // The page: its name and that it is closed, no fields to fill, no opening to send back.
    const page = await call('GET', `${PUBLIC}/closing`, undefined, '');
    expect(page.statusCode).toBe(200);
    expect(page.json().result).toEqual({
      slug: 'closing',
      name: 'Form closing',
      version: 1,
      closed: true,
      fields: [],
      startToken: '',
    });
    // A person whose page was open before: told so (409), nothing stored; an upload likewise.
    const refused = await send('closing', before.startToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MESSAGES.formClosed, errors: {} });
    const upload = await call('POST', `${PUBLIC}/closing/files?field=name&startToken=x`, undefined, '');
    expect(upload.statusCode).toBe(409);
    expect(upload.json().message).toBe('This form is no longer accepting responses');
    // Closed twice keeps the first moment.
    expect((await accepting('closing', false)).json().result.closedAt).toBe(closed.json().result.closedAt);
    expect(await t.app.ctx.database.db.select().from(formSubmissions).where(eq(formSubmissions.formId, id))).toEqual(
      [],
    );

    const reopened = await accepting('closing', true);
    expect(reopened.json().result.closedAt).toBeNull();
    const again = await open('closing');
    expect(again.closed).toBe(false);
    // The page opened before the close is taken again, as any opening of a live form is.
    expect((await send('closing', before.startToken)).json()).toEqual({ result: { received: true } });
    expect((await send('closing', again.startToken, { name: 'Grace' })).statusCode).toBe(200);
    expect((await call('GET', `${FORMS}/closing/submissions`)).json().result).toHaveLength(2);
  });

  it('keeps a closed form never published at 404 on its public address', async () => {
    expect((await call('POST', FORMS, { name: 'Draft', slug: 'closed-draft' })).statusCode).toBe(201);
    expect((await accepting('closed-draft', false)).statusCode).toBe(200);
    expect((await call('GET', `${PUBLIC}/closed-draft`, undefined, '')).statusCode).toBe(404);
  });
});

describe('deleting a form', () => {
  it('deletes it with its answers, spam and old slugs; its address answers 404 and is free again', async () => {
    await published('doomed');
    const first = await open('doomed');
    expect((await send('doomed', first.startToken)).statusCode).toBe(200);
    // One kept as spam (sent at once) goes too, and is counted.
    const fast = await open('doomed');
    await call('POST', `${PUBLIC}/doomed/submissions`, { answers: { name: 'Bot' }, startToken: fast.startToken }, '');
    expect((await call('PATCH', `${FORMS}/doomed`, { slug: 'doomed-now' })).statusCode).toBe(200);
    const { id } = (await call('GET', `${FORMS}/doomed-now`)).json().result;

    const gone = await call('DELETE', `${FORMS}/doomed-now`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ result: { submissions: 2 } });
    const db = t.app.ctx.database.db;
    expect(await db.select().from(forms).where(eq(forms.id, id))).toEqual([]);
    expect(await db.select().from(formSubmissions).where(eq(formSubmissions.formId, id))).toEqual([]);

    // Its address and its old one lead nowhere, to the public and to the builder alike.
    for (const slug of ['doomed-now', 'doomed']) {
      const page = await call('GET', `${PUBLIC}/${slug}`, undefined, '');
      expect(page.statusCode, slug).toBe(404);
      expect(page.json().message).toBe(MESSAGES.notFound);
      expect((await send(slug, first.startToken)).statusCode, slug).toBe(404);
      expect((await call('GET', `${FORMS}/${slug}`)).statusCode, slug).toBe(404);
    }
    expect((await call('DELETE', `${FORMS}/doomed-now`)).statusCode).toBe(404);
    expect((await accepting('doomed-now', false)).statusCode).toBe(404);
    // Both slugs are free again (a test form's address is the real form's): a new form takes them.
    expect((await call('POST', FORMS, { name: 'Real', slug: 'doomed-now' })).statusCode).toBe(201);
    expect((await call('POST', FORMS, { name: 'Real too', slug: 'doomed' })).statusCode).toBe(201);
    expect((await call('GET', `${FORMS}/doomed-now`)).json().result).toMatchObject({ versions: [], spam: 0 });
  });

  it('follows an old slug to the form (308), as every builder call does', async () => {
    await published('moved-away');
    expect((await call('PATCH', `${FORMS}/moved-away`, { slug: 'moved-here' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['DELETE', `${FORMS}/moved-away`],
      ['PUT', `${FORMS}/moved-away/accepting`],
    ] as const) {
      const res = await call(method, url, method === 'PUT' ? { accepting: false } : undefined);
      expect(res.statusCode, url).toBe(308);
      expect(res.headers.location).toBe(url.replace('moved-away', 'moved-here'));
    }
    expect((await call('GET', `${FORMS}/moved-here`)).statusCode).toBe(200);
  });
});

describe('who may close or delete a form', () => {
  it('refuses every other role (403) and the signed-out (401), changing nothing', async () => {
    await published('guarded');
    for (const [role, token] of callers) {
      if (role === 'ADMIN') continue;
      const want = token ? 403 : 401;
      const close = await accepting('guarded', false, token ?? '');
      expect(close.statusCode, `${role} close`).toBe(want);
      expect(close.json().message).toBe(token ? MESSAGES.forbidden : MESSAGES.unauthorized);
      expect((await call('DELETE', `${FORMS}/guarded`, undefined, token ?? '')).statusCode, `${role} delete`).toBe(
        want,
      );
      // A slug that names no form is refused the same: a role learns nothing of which forms exist.
      expect((await call('DELETE', `${FORMS}/no-such-form`, undefined, token ?? '')).statusCode, role).toBe(want);
    }
    expect((await open('guarded')).closed).toBe(false);
    expect((await call('GET', `${FORMS}/guarded`)).statusCode).toBe(200);
  });

  it('refuses a body of the wrong shape (400, in the app’s words) and a slug that names no form (404)', async () => {
    await published('shaped');
    for (const body of [{}, { accepting: 'no' }, { accepting: null }]) {
      const res = await call('PUT', `${FORMS}/shaped/accepting`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual({ accepting: MESSAGES.mustBeBoolean });
    }
    // A slug is the form's key here (the module's routes name forms by slug, not id): one no form
    // has is 404, one longer than any slug can be is 400, as for every other builder call.
    for (const [slug, status] of [
      ['no-such-form', 404],
      ['Not A Slug!', 404],
      ['x'.repeat(81), 400],
    ] as const) {
      const url = `${FORMS}/${encodeURIComponent(slug)}`;
      expect((await call('DELETE', url)).statusCode, slug).toBe(status);
      expect((await call('PUT', `${url}/accepting`, { accepting: false })).statusCode, slug).toBe(status);
    }
    expect((await open('shaped')).closed).toBe(false);
  });
});

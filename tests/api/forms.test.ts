/**
 * The form builder (form_builder, ADMIN) and its public form: versions (publish v1, submit, a
 * breaking edit asked about, publish v2 → v1's answer still whole, CSV holds both), slug aliases
 * (308; a taken or retired slug 409), the server's evaluator on submissions (required, forged
 * hidden answer, unknown field), the spam rules that drop a send answered like a success
 * (honeypot, forged token, per-IP limit), the admins' notification, and role refusals. An answer
 * faster than the minimum fill time is kept as spam: tests/api/forms-spam.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';

const FORMS = '/api/Form/forms';
const PUBLIC = '/api/Form/public';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { formSubmissionsPerIp: 4 } });
  for (const who of ['admin', 'user', 'clubowner']) token[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown, who: string | null = 'admin', ip = '203.0.113.7') =>
  t.call({
    method,
    url,
    remoteAddress: ip,
    ...(who ? { token: token[who] } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const V1 = [
  { key: 'name', type: 'shortText', label: 'Name', required: true },
  { key: 'email', type: 'email', label: 'Email' },
  { key: 'contact', type: 'select', label: 'Contact me by', options: ['email', 'phone'], required: true },
  { key: 'phone', type: 'phone', label: 'Phone', showIf: { field: 'contact', op: 'equals', value: 'phone' } },
  { key: 'source', type: 'hidden', label: 'Source', param: 'src' },
];

async function newForm(slug: string, fields: unknown[] = V1) {
  expect((await call('POST', FORMS, { name: `Form ${slug}`, slug })).statusCode).toBe(201);
  expect((await call('PUT', `${FORMS}/${slug}/draft`, { fields })).statusCode).toBe(200);
}

/** Opens the public form, waits like a person, and sends the answers. */
async function fillIn(slug: string, answers: object, extra: object = {}, ip?: string) {
  const open = await call('GET', `${PUBLIC}/${slug}`, undefined, null, ip);
  expect(open.statusCode).toBe(200);
  t.clock.advance(5_000);
  return call(
    'POST',
    `${PUBLIC}/${slug}/submissions`,
    { answers, startToken: open.json().result.startToken, ...extra },
    null,
    ip,
  );
}

const stored = async (slug: string, version?: number) =>
  (await call('GET', `${FORMS}/${slug}/submissions?perPage=100${version ? `&version=${version}` : ''}`)).json()
    .result as { version: number; answers: Record<string, unknown> }[];

describe('who may build', () => {
  it('refuses every builder call to other roles and to the signed-out', async () => {
    await newForm('roles-form');
    for (const who of ['user', 'clubowner']) {
      for (const [method, url, body] of [
        ['GET', FORMS],
        ['POST', FORMS, { name: 'X', slug: 'x-form' }],
        ['GET', `${FORMS}/roles-form`],
        ['PUT', `${FORMS}/roles-form/draft`, { fields: V1 }],
        ['POST', `${FORMS}/roles-form/publish`, {}],
        ['GET', `${FORMS}/roles-form/submissions`],
        ['GET', `${FORMS}/roles-form/submissions/export`],
      ] as const)
        expect((await call(method, url, body, who)).statusCode, `${who} ${method} ${url}`).toBe(403);
    }
    expect((await call('GET', FORMS, undefined, null)).statusCode).toBe(401);
  });
});

describe('building', () => {
  it('refuses a bad slug, a field type posted by hand, and a draft that is not a form', async () => {
    const bad = await call('POST', FORMS, { name: 'Bad', slug: 'Has Spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.slug).toBe('Use 3 to 60 lowercase letters, digits and single hyphens, not at either end');
    await newForm('typed-form');
    const hand = await call('PUT', `${FORMS}/typed-form/draft`, {
      fields: [{ key: 'sig', type: 'signature', label: 'Sign here' }],
    });
    expect(hand.statusCode).toBe(400);
    expect(hand.json().errors['fields.0.type']).toBe('Unknown field type');
    const circular = await call('PUT', `${FORMS}/typed-form/draft`, {
      fields: [{ key: 'a', type: 'shortText', label: 'A', requiredIf: { field: 'a', op: 'filled' } }],
    });
    expect(circular.json().errors['fields.0.requiredIf']).toBe('A condition can only look at a field above this one');
    const draft = (await call('GET', `${FORMS}/typed-form`)).json().result.draft;
    expect(draft.map((f: { key: string }) => f.key)).toEqual(V1.map((f) => f.key));
  });

  it('refuses a minimum no answer could meet, with the message the builder shows, and keeps the draft', async () => {
    await newForm('bounds-form');
    const impossible = await call('PUT', `${FORMS}/bounds-form/draft`, {
      fields: [
        { key: 'extras', type: 'multiSelect', label: 'Extras', options: ['Bar', 'Dinner'], min: 3 },
        { key: 'name', type: 'shortText', label: 'Name', min: 1.5 },
      ],
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors).toEqual({
      'fields.0.min': 'Enter a whole number from 0 to 2',
      'fields.1.min': 'Enter a whole number from 0 to 500',
    });
    const draft = (await call('GET', `${FORMS}/bounds-form`)).json().result.draft;
    expect(draft.map((f: { key: string }) => f.key)).toEqual(V1.map((f) => f.key));
  });

  it('writes a date answer MM/DD/YYYY in the CSV and finds it typed that way, and a name without its accent', async () => {
    await newForm('dated-form', [
      { key: 'name', type: 'shortText', label: 'Name', required: true },
      { key: 'day', type: 'date', label: 'Preferred day' },
    ]);
    expect((await call('POST', `${FORMS}/dated-form/publish`, {})).statusCode).toBe(200);
    expect((await fillIn('dated-form', { name: 'Ada', day: '2026-02-14' })).statusCode).toBe(200);
    expect((await fillIn('dated-form', { name: 'José', day: '2026-03-01' })).statusCode).toBe(200);
    const csv = (await call('GET', `${FORMS}/dated-form/submissions/export`)).body.split('\r\n');
    expect(csv.some((l) => l.endsWith(',Ada,02/14/2026'))).toBe(true);
    const names = async (q: string) =>
      (await call('GET', `${FORMS}/dated-form/submissions?q=${encodeURIComponent(q)}`))
        .json()
        .result.map((s: { answers: { name: string } }) => s.answers.name);
    // A name typed without its accent, as every other search of the app finds it.
    expect(await names('jose')).toEqual(['José']);
    for (const q of ['02/14/2026', '2/14']) expect(await names(q), q).toEqual(['Ada']);
  });

  it('refuses a pattern too slow to run, with its message, and keeps a safe one', async () => {
    await newForm('pattern-form');
    const field = (pattern: string, type = 'shortText') => ({
      fields: [{ key: 'code', type, label: 'Code', pattern }],
    });
    for (const slow of ['(a+)+$', '(\\w+\\d?)*', '(a|ab)+', '.*a.*b.*c', '(x)\\1']) {
      const refused = await call('PUT', `${FORMS}/pattern-form/draft`, field(slow));
      expect(refused.statusCode, slow).toBe(400);
      expect(refused.json().errors['fields.0.pattern']).toMatch(/^This pattern could take too long to check/);
    }
    // "Contains foo" is fine on a short answer, not on a long text's 5,000 characters.
    expect((await call('PUT', `${FORMS}/pattern-form/draft`, field('.*foo.*', 'longText'))).statusCode).toBe(400);
    for (const safe of ['.*foo.*', '[A-Z]{2}\\d{4}', '(\\d{1,3}\\.){3}\\d{1,3}', '\\p{L}+( \\p{L}+)*'])
      expect((await call('PUT', `${FORMS}/pattern-form/draft`, field(safe))).statusCode, safe).toBe(200);
    const draft = (await call('GET', `${FORMS}/pattern-form`)).json().result.draft;
    expect(draft[0].pattern).toBe('\\p{L}+( \\p{L}+)*');
  });

  it('publishes nothing empty and nothing unchanged', async () => {
    await newForm('empty-form', []);
    expect((await call('POST', `${FORMS}/empty-form/publish`, {})).statusCode).toBe(400);
    await newForm('same-form');
    expect((await call('POST', `${FORMS}/same-form/publish`, {})).statusCode).toBe(200);
    const again = await call('POST', `${FORMS}/same-form/publish`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Nothing changed since the last published version');
  });
});

describe('two tabs building one form', () => {
  it('refuses a draft saved from a copy changed since (409), writing nothing; each write answers the version to go on from', async () => {
    await newForm('two-tabs');
    const opened = (await call('GET', `${FORMS}/two-tabs`)).json().result.updatedAt as string;
    const draft = (label: string, updatedAt?: string) =>
      call('PUT', `${FORMS}/two-tabs/draft`, {
        fields: [{ key: 'name', type: 'shortText', label }],
        ...(updatedAt ? { updatedAt } : {}),
      });

    // Tab one saves from the copy both opened; on the same clock millisecond, still a new version.
    const first = await draft('From tab one', opened);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().result.updatedAt as string;
    expect(saved).not.toBe(opened);
    // Tab two still holds the first copy: refused, tab one's draft stays.
    const second = await draft('From tab two', opened);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Someone else changed this record after you opened it.');
    expect((await call('GET', `${FORMS}/two-tabs`)).json().result.draft[0].label).toBe('From tab one');

    // Tab one goes on from what each of its writes answered: a save, a rename, a publish.
    const again = await draft('Tab one again', saved);
    expect(again.statusCode).toBe(200);
    const renamed = await call('PATCH', `${FORMS}/two-tabs`, { name: 'Renamed' });
    expect(renamed.json().result.updatedAt).not.toBe(again.json().result.updatedAt);
    expect((await draft('Stale after the rename', again.json().result.updatedAt)).statusCode).toBe(409);
    const published = await call('POST', `${FORMS}/two-tabs/publish`, {});
    expect(published.statusCode).toBe(200);
    expect((await draft('Stale after the publish', renamed.json().result.updatedAt)).statusCode).toBe(409);
    expect((await draft('After the publish', published.json().result.updatedAt)).statusCode).toBe(200);
    // Without a version (an API script) the draft is written as before; not a timestamp: 400.
    expect((await draft('Scripted')).statusCode).toBe(200);
    const bad = await call('PUT', `${FORMS}/two-tabs/draft`, { fields: [], updatedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('updatedAt');
  });
});

describe('versions', () => {
  it('keeps v1 answers whole through a breaking edit, and exports both versions', async () => {
    await newForm('intake');
    expect((await call('GET', `${PUBLIC}/intake`, undefined, null)).statusCode).toBe(404);
    expect((await call('POST', `${FORMS}/intake/publish`, {})).json().result.versions[0].version).toBe(1);

    const missing = await fillIn('intake', { email: 'ada@example.com', contact: 'email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'answers.name': 'This field is required' });
    const forged = await fillIn('intake', { name: 'Ada', contact: 'email', phone: '2025550143', admin: 'yes' });
    expect(forged.json().errors).toEqual({
      'answers.phone': 'This field is not shown, so it cannot be answered',
      'answers.admin': 'This form has no such field',
    });
    expect(await stored('intake')).toEqual([]);

    const v1Open = await call('GET', `${PUBLIC}/intake`, undefined, null);
    const first = await fillIn('intake', {
      name: ' Ada ',
      email: 'ada@example.com',
      contact: 'email',
      source: 'flyer',
    });
    expect(first.json()).toEqual({ result: { received: true } });

    // v2 removes Email, Phone and Source, retypes Name, removes the option "phone": asked about first.
    const v2 = [
      { key: 'name', type: 'longText', label: 'Name', required: true },
      { key: 'contact', type: 'select', label: 'Contact me by', options: ['email', 'sms'], required: true },
      { key: 'notes', type: 'longText', label: 'Notes' },
    ];
    await call('PUT', `${FORMS}/intake/draft`, { fields: v2 });
    const asked = await call('POST', `${FORMS}/intake/publish`, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errors).toEqual({
      name: 'The field "Name" changes type from shortText to longText.',
      email: 'The field "Email" is removed.',
      contact: 'The option "phone" of "Contact me by" is removed.',
      phone: 'The field "Phone" is removed.',
      source: 'The field "Source" is removed.',
    });
    const published = await call('POST', `${FORMS}/intake/publish`, { confirmBreaking: true });
    expect(published.json().result.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    expect((await fillIn('intake', { name: 'Grace', contact: 'sms', notes: 'Call after 5' })).statusCode).toBe(200);
    // A person who opened v1 before the publish still answers v1, recorded as v1.
    t.clock.advance(5_000);
    const late = await call(
      'POST',
      `${PUBLIC}/intake/submissions`,
      {
        answers: { name: 'Linus', contact: 'phone', phone: '(202) 555-0143' },
        startToken: v1Open.json().result.startToken,
      },
      null,
    );
    expect(late.statusCode).toBe(200);

    const v1 = await stored('intake', 1);
    expect(v1.map((s) => s.answers)).toEqual([
      { name: 'Linus', contact: 'phone', phone: '+12025550143' },
      { name: 'Ada', email: 'ada@example.com', contact: 'email', source: 'flyer' },
    ]);
    expect((await stored('intake', 2)).map((s) => s.answers)).toEqual([
      { name: 'Grace', contact: 'sms', notes: 'Call after 5' },
    ]);

    const csv = await call('GET', `${FORMS}/intake/submissions/export`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Version 2',
      'Submitted at (UTC),Name,Contact me by,Notes',
      expect.stringMatching(/,Grace,sms,Call after 5$/),
    ]);
    expect(lines).toContain('Submitted at (UTC),Name,Email,Contact me by,Phone,Source');
    expect(
      lines.some((l) => /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M,Ada,ada@example.com,email,,flyer$/.test(l)),
    ).toBe(true);

    // The search box: words in any answer's value (not the keys), % taken literally.
    const found = (await call('GET', `${FORMS}/intake/submissions?q=after%205`)).json().result;
    expect(found.map((s: { answers: { name: string } }) => s.answers.name)).toEqual(['Grace']);
    expect((await call('GET', `${FORMS}/intake/submissions?q=name`)).json().result).toEqual([]);
    expect((await call('GET', `${FORMS}/intake/submissions?q=%25`)).json().result).toEqual([]);
    // A phone typed as the screen shows it finds the stored E.164; the CSV writes it that way too.
    const byPhone = (await call('GET', `${FORMS}/intake/submissions?q=${encodeURIComponent('(202) 555')}`)).json();
    expect(byPhone.result.map((s: { answers: { name: string } }) => s.answers.name)).toEqual(['Linus']);
    expect(lines.some((l) => l.endsWith(',Linus,,phone,(202) 555-0143,'))).toBe(true);
    const listed = (await call('GET', `${FORMS}?perPage=100`)).json().result;
    expect(listed.find((f: { slug: string }) => f.slug === 'intake')).toMatchObject({
      publishedVersion: 2,
      submissions: 3,
    });
    const [detail] = [(await call('GET', `${FORMS}/intake`)).json().result];
    expect(detail.versions.map((v: { submissions: number }) => v.submissions)).toEqual([1, 2]);
    const told = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'form'), eq(notifications.recipientRole, 'ADMIN')));
    expect(told.filter((n) => n.title === 'New answer to Form intake')).toHaveLength(3);
  });
});

describe('slugs', () => {
  it('keeps an old slug as an alias (308) and refuses a taken or retired one', async () => {
    await newForm('old-link');
    await call('POST', `${FORMS}/old-link/publish`, {});
    await newForm('other-form');
    const moved = await call('PATCH', `${FORMS}/old-link`, { slug: 'new-link', name: 'Renamed' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().result).toMatchObject({ slug: 'new-link', name: 'Renamed', aliases: ['old-link'] });

    const old = await call('GET', `${PUBLIC}/old-link`, undefined, null);
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe(`${PUBLIC}/new-link`);
    expect((await call('POST', `${PUBLIC}/old-link/submissions`, { answers: {} }, null)).statusCode).toBe(308);

    // The builder's calls at the old slug go to the form too (a tab opened before the move, a
    // bookmark): to an admin only, and a slug never used is still 404.
    const draft = await call('PUT', `${FORMS}/old-link/draft`, { fields: V1 });
    expect(draft.statusCode).toBe(308);
    expect(draft.headers.location).toBe(`${FORMS}/new-link/draft`);
    const answers = await call('GET', `${FORMS}/old-link/submissions?version=1`);
    expect(answers.headers.location).toBe(`${FORMS}/new-link/submissions?version=1`);
    expect((await call('GET', `${FORMS}/old-link`, undefined, 'user')).statusCode).toBe(403);
    expect((await call('GET', `${FORMS}/never-used`)).statusCode).toBe(404);

    const retired = await call('POST', FORMS, { name: 'Thief', slug: 'old-link' });
    expect(retired.statusCode).toBe(409);
    expect(retired.json().errors.slug).toBe(
      'This address was used before and stays reserved so its old links keep working',
    );
    const taken = await call('PATCH', `${FORMS}/other-form`, { slug: 'new-link' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug).toBe('Another form already uses this address');
    expect((await call('PATCH', `${FORMS}/other-form`, { slug: 'old-link' })).statusCode).toBe(409);
  });
});

describe('the public form', () => {
  it('answers 404 to a form never published, to its page and to an answer alike', async () => {
    await newForm('draft-only');
    expect((await call('GET', `${PUBLIC}/draft-only`, undefined, null)).statusCode).toBe(404);
    const posted = await call(
      'POST',
      `${PUBLIC}/draft-only/submissions`,
      { answers: { name: 'Ada', contact: 'email' } },
      null,
    );
    expect(posted.statusCode).toBe(404);
    expect(posted.json().message).toBeTruthy();
  });

  it('answers a hand-made request of the wrong shape in the app’s words, on each field', async () => {
    await newForm('shape-form');
    await call('POST', `${FORMS}/shape-form/publish`, {});
    const sent = await call(
      'POST',
      `${PUBLIC}/shape-form/submissions`,
      { answers: 'Ada', startToken: 5, website: [] },
      null,
    );
    expect(sent.statusCode).toBe(400);
    expect(sent.json().errors).toEqual({
      answers: MESSAGES.invalidInput,
      startToken: MESSAGES.mustBeText,
      website: MESSAGES.mustBeText,
    });
    // An upload naming no field or no opening is one naming a wrong one.
    const upload = await call('POST', `${PUBLIC}/shape-form/files`, undefined, null);
    expect(upload.statusCode).toBe(400);
    expect(upload.json().errors).toEqual({ file: MESSAGES.formFileInvalid });
  });
});

describe('one answer per opening', () => {
  it('stores a send again, or two at once, of the same opening once; a refused send uses nothing', async () => {
    await newForm('once-form');
    await call('POST', `${FORMS}/once-form/publish`, {});
    const person = { name: 'Ada', contact: 'email' };
    const send = (startToken: string, answers: object = person) =>
      call('POST', `${PUBLIC}/once-form/submissions`, { answers, startToken }, null);
    const open = async () => (await call('GET', `${PUBLIC}/once-form`, undefined, null)).json().result.startToken;

    // Two openings in the same moment are two people: both answers are kept.
    const [first, second] = [await open(), await open()];
    expect(first).not.toBe(second);
    t.clock.advance(5_000);
    // Send, then Send again (the first answer lost on its way back): one stored, both answered alike.
    expect((await send(first)).json()).toEqual({ result: { received: true } });
    expect((await send(first)).json()).toEqual({ result: { received: true } });
    expect(await stored('once-form')).toHaveLength(1);
    // Two sends of one opening at once.
    const both = await Promise.all([send(second), send(second)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await stored('once-form')).toHaveLength(2);

    // A send refused for a mistake stores nothing, so the corrected one from the same page is kept.
    const third = await open();
    t.clock.advance(5_000);
    expect((await send(third, { contact: 'email' })).statusCode).toBe(400);
    expect((await send(third)).statusCode).toBe(200);
    expect(await stored('once-form')).toHaveLength(3);
  });
});

describe('spam', () => {
  it('answers a bot like a person and stores nothing', async () => {
    await newForm('spam-form');
    await call('POST', `${FORMS}/spam-form/publish`, {});
    const person = { name: 'Ada', contact: 'email' };
    const received = { result: { received: true } };

    const honeypot = await fillIn('spam-form', person, { website: 'http://spam.example' });
    expect(honeypot.json()).toEqual(received);

    const open = await call('GET', `${PUBLIC}/spam-form`, undefined, null);
    const [version, startedAt] = open.json().result.startToken.split('.');
    const forgedToken = `${version}.${(Number.parseInt(startedAt, 36) - 60_000).toString(36)}.${'A'.repeat(22)}`;
    const forged = await call(
      'POST',
      `${PUBLIC}/spam-form/submissions`,
      { answers: person, startToken: forgedToken },
      null,
    );
    expect(forged.json()).toEqual(received);
    expect(await stored('spam-form')).toEqual([]);

    // The per-IP limit (4 in this file's window): the fifth is answered the same and dropped.
    for (let i = 0; i < 5; i++)
      expect((await fillIn('spam-form', person, {}, '198.51.100.9')).json()).toEqual(received);
    expect(await stored('spam-form')).toHaveLength(4);
    expect((await fillIn('spam-form', person, {}, '198.51.100.10')).statusCode).toBe(200);
    expect(await stored('spam-form')).toHaveLength(5);
  });

  it('counts sends fired at once, each from its own opening, against the per-IP limit', async () => {
    await newForm('burst-form');
    await call('POST', `${FORMS}/burst-form/publish`, {});
    const ip = '198.51.100.21';
    const openings = await Promise.all(
      Array.from({ length: 10 }, async () => (await call('GET', `${PUBLIC}/burst-form`, undefined, null, ip)).json()),
    );
    t.clock.advance(5_000);
    const sent = await Promise.all(
      openings.map(({ result }) =>
        call(
          'POST',
          `${PUBLIC}/burst-form/submissions`,
          { answers: { name: 'Ada', contact: 'email' }, startToken: result.startToken },
          null,
          ip,
        ),
      ),
    );
    // Every send answered as a person's is; only the limit's 4 are kept.
    expect(sent.map((r) => r.json())).toEqual(openings.map(() => ({ result: { received: true } })));
    expect(await stored('burst-form')).toHaveLength(4);
  });
});

/**
 * WhatsApp templates (ws_template_management, ADMIN and CLUBOWNER): list, create, read with its
 * history, change, delete, status moves, import and export of the Cloud API's JSON. Each bad input
 * answers 400 naming its field with the editor's message and stores nothing; other roles 403;
 * another business's template 404; a club owner never sees the platform's or another business's,
 * an administrator sees every one. A submitted or approved template is locked (409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { blankTemplate } from '../../src/domain/ws-templates/rules';
import { users, wsTemplateHistory, wsTemplates } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { createTestApp, type TestApp } from './helpers/app';

const BASE = '/api/WhatsApp/templates';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['admin', 'clubowner', 'user', 'mover', 'trucker', 'it', 'venueemployee'])
    token[who] = (await t.login(`${who}@demo.test`)).access;
  // A club owner of another business.
  const db = t.db.database.db;
  const [carla] = await db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
  const other = await createBusiness(db, 'Other Club');
  const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
  await insertAccount(db, { ...rest, email: 'other.owner@example.com', businessId: other });
  token.stranger = (await t.login('other.owner@example.com')).access;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'clubowner') =>
  t.call({
    method,
    url: `${BASE}${url}`,
    token: token[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const template = (extra: object = {}) => ({
  ...blankTemplate(),
  name: `offer_${++seq}`,
  bodyExamples: ['20% off'],
  ...extra,
});
const create = async (extra: object = {}, who = 'clubowner') => {
  const res = await call('POST', '', template(extra), who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; name: string; status: string; businessId: string | null };
};
const stored = async () => {
  const db = t.db.database.db;
  const [templates] = await db.select({ n: count() }).from(wsTemplates);
  const [history] = await db.select({ n: count() }).from(wsTemplateHistory);
  return { templates: templates!.n, history: history!.n };
};

describe('a club owner’s templates', () => {
  it('creates a draft with its history, reads, lists, changes and deletes it', async () => {
    const full = template({
      category: 'utility',
      language: 'es_MX',
      headerFormat: 'text',
      headerText: 'Order {{1}}',
      headerExample: 'A-17',
      body: 'Hi {{1}}, your order *{{2}}* ships today.',
      bodyExamples: ['Ann', 'A-17'],
      footer: 'Reply STOP to opt out',
      buttons: [
        { type: 'url', text: 'Track', url: 'https://shop.example.com/t/{{1}}', urlExample: 'A-17', phone: '' },
        { type: 'phone_number', text: 'Call us', url: '', urlExample: '', phone: '+15551234567' },
      ],
    });
    const res = await call('POST', '', full);
    expect(res.statusCode).toBe(201);
    const made = res.json().result;
    expect(made).toMatchObject({
      ...full,
      status: 'draft',
      businessName: expect.any(String),
      history: [{ fromStatus: null, toStatus: 'draft', note: '', by: expect.any(String) }],
    });
    expect(made.businessId).toEqual(expect.any(String));

    expect((await call('GET', `/${made.id}`)).json().result).toEqual(made);
    const list = await call('GET', '?page=1&perPage=50');
    expect(list.statusCode).toBe(200);
    expect(JSON.parse(list.headers['paging-data'] as string)).toMatchObject({ currentPage: 1 });
    expect(list.json().result).toContainEqual(
      expect.objectContaining({
        id: made.id,
        name: full.name,
        status: 'draft',
        category: 'utility',
        language: 'es_MX',
      }),
    );

    const changed = await call('PUT', `/${made.id}`, { ...full, footer: 'Bye', buttons: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result).toMatchObject({ footer: 'Bye', buttons: [], status: 'draft' });
    // An edit of a draft is not a status move.
    expect(changed.json().result.history).toHaveLength(1);

    expect((await call('DELETE', `/${made.id}`)).json()).toEqual({ result: true });
    expect((await call('GET', `/${made.id}`)).statusCode).toBe(404);
  });

  it('keeps only what the header format and button types use, and the examples the body needs', async () => {
    const made = await create({
      headerFormat: 'image',
      headerText: 'left over',
      headerMediaUrl: 'https://cdn.example.com/a.png',
      bodyExamples: ['20% off', 'extra'],
      buttons: [
        { type: 'quick_reply', text: 'Yes', url: 'https://x.example.com', urlExample: 'x', phone: '+15551234567' },
      ],
    });
    const read = (await call('GET', `/${made.id}`)).json().result;
    expect(read).toMatchObject({
      headerText: '',
      headerMediaUrl: 'https://cdn.example.com/a.png',
      bodyExamples: ['20% off'],
      buttons: [{ type: 'quick_reply', text: 'Yes', url: '', urlExample: '', phone: '' }],
    });
  });

  it('refuses a name already used by the business in the same language (409 on name, naming it), not one used by another business', async () => {
    const made = await create();
    const before = await stored();
    const taken = formatMessage('wsNameTaken', { language: 'en_US' });
    expect(taken).toBe('This business already has a template with this name for language en_US');
    const again = await call('POST', '', template({ name: made.name }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: taken, errors: { name: taken } });
    // Case does not make another name.
    expect((await call('POST', '', template({ name: made.name.toUpperCase() }))).statusCode).toBe(400);
    const other = await create();
    const rename = await call('PUT', `/${other.id}`, template({ name: made.name }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors).toEqual({ name: taken });
    expect((await stored()).templates).toBe(before.templates + 1);
    expect((await call('POST', '', template({ name: made.name }), 'stranger')).statusCode).toBe(201);
  });

  it('takes the same name once per language, as Meta does, and lists both', async () => {
    const english = await create();
    const spanish = await call(
      'POST',
      '',
      template({ name: english.name, language: 'es', body: 'Hola {{1}}, ¿qué tal?' }),
    );
    expect(spanish.statusCode, spanish.body).toBe(201);
    const again = await call('POST', '', template({ name: english.name, language: 'es', body: 'Hola {{1}} otra vez' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: formatMessage('wsNameTaken', { language: 'es' }) });
    // Moving the English one to Spanish meets the Spanish one.
    const moved = await call('PUT', `/${english.id}`, template({ name: english.name, language: 'es' }));
    expect(moved.json().errors).toEqual({ name: formatMessage('wsNameTaken', { language: 'es' }) });
    const list = await call('GET', '?page=1&perPage=50');
    expect(list.statusCode).toBe(200);
    const rows = (list.json().result as { name: string; language: string }[]).filter((r) => r.name === english.name);
    expect(rows.map((r) => r.language).sort()).toEqual(['en_US', 'es']);
  });
});

describe('two tabs editing one template', () => {
  it('refuses a change made from a copy saved since (409), writing nothing; the version each save answers is accepted', async () => {
    const made = (await call('POST', '', template())).json().result as { id: string; name: string; updatedAt: string };
    const edit = (footer: string, updatedAt?: string) =>
      call('PUT', `/${made.id}`, { ...template({ name: made.name }), footer, ...(updatedAt ? { updatedAt } : {}) });

    // Tab one saves from the copy both tabs opened; on the same clock millisecond, still a new version.
    const first = await edit('From tab one', made.updatedAt);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().result as { updatedAt: string; footer: string };
    expect(saved.updatedAt).not.toBe(made.updatedAt);

    // Tab two still holds the first copy: refused, tab one's footer stays.
    const second = await edit('From tab two', made.updatedAt);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    expect((await call('GET', `/${made.id}`)).json().result).toMatchObject({ footer: 'From tab one' });

    // Tab one saves again from what its save answered.
    expect((await edit('Tab one again', saved.updatedAt)).statusCode).toBe(200);
    // A status move is a change too: a copy read before it is refused.
    const before = (await call('GET', `/${made.id}`)).json().result.updatedAt as string;
    expect((await call('POST', `/${made.id}/status`, { status: 'submitted', note: '' })).statusCode).toBe(200);
    expect((await call('POST', `/${made.id}/status`, { status: 'rejected', note: '' })).statusCode).toBe(200);
    expect((await edit('Stale', before)).statusCode).toBe(409);
    // Without a version (an API script) the change is written as before.
    expect((await edit('Scripted')).statusCode).toBe(200);
    // Not a timestamp: 400 on updatedAt.
    const bad = await call('PUT', `/${made.id}`, { ...template({ name: made.name }), updatedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['updatedAt']);
  });
});

describe('status, kept locally with its history', () => {
  it('draft → submitted (locked) → rejected (editable, back to draft) → submitted → approved', async () => {
    const made = await create();
    const submit = await call('POST', `/${made.id}/status`, {
      status: 'submitted',
      note: 'Sent from WhatsApp Manager',
    });
    expect(submit.statusCode).toBe(200);
    expect(submit.json().result).toMatchObject({ status: 'submitted' });
    expect(submit.json().result.history.at(-1)).toMatchObject({
      fromStatus: 'draft',
      toStatus: 'submitted',
      note: 'Sent from WhatsApp Manager',
      by: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const locked = await call('PUT', `/${made.id}`, template({ name: made.name, footer: 'changed' }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(MESSAGES.wsTemplateLocked);
    expect((await call('GET', `/${made.id}`)).json().result.footer).toBe('');

    expect((await call('POST', `/${made.id}/status`, { status: 'rejected', note: 'Too promotional' })).statusCode).toBe(
      200,
    );
    const edited = await call('PUT', `/${made.id}`, template({ name: made.name, footer: 'Now fixed' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({ status: 'draft', footer: 'Now fixed' });
    expect(edited.json().result.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'draft',
      'submitted',
      'rejected',
      'draft',
    ]);

    await call('POST', `/${made.id}/status`, { status: 'submitted' });
    const approved = await call('POST', `/${made.id}/status`, { status: 'approved' });
    expect(approved.json().result.status).toBe('approved');
    expect((await call('PUT', `/${made.id}`, template({ name: made.name }))).statusCode).toBe(409);
  });

  it('refuses a move the status does not allow, and a bad note, storing nothing', async () => {
    const made = await create();
    const before = await stored();
    const approve = await call('POST', `/${made.id}/status`, { status: 'approved' });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().errors).toEqual({ status: MESSAGES.statusTransition });
    const draft = await call('POST', `/${made.id}/status`, { status: 'draft' });
    expect(draft.json().errors).toEqual({ status: MESSAGES.statusTransition });
    const note = await call('POST', `/${made.id}/status`, { status: 'submitted', note: 'n'.repeat(501) });
    expect(note.statusCode).toBe(400);
    expect(note.json().errors).toEqual({ note: formatMessage('wsNoteTooLong', { max: 500 }) });
    expect(await stored()).toEqual(before);
    expect((await call('GET', `/${made.id}`)).json().result.status).toBe('draft');
  });
});

describe('the Cloud API’s JSON', () => {
  it('export → import → export gives the same bytes', async () => {
    const made = await create({
      headerFormat: 'text',
      headerText: 'Hello {{1}}',
      headerExample: 'Ann',
      footer: 'Bye',
      buttons: [{ type: 'url', text: 'Shop', url: 'https://shop.example.com/{{1}}', urlExample: 'summer', phone: '' }],
    });
    const first = await call('GET', `/${made.id}/export`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['content-disposition']).toContain(`attachment; filename="${made.name}.en_US.json"`);
    const doc = JSON.parse(first.body);
    expect(doc).toMatchObject({ name: made.name, language: 'en_US', category: 'MARKETING' });
    expect(doc.components.map((c: { type: string }) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);

    await call('DELETE', `/${made.id}`);
    const imported = await call('POST', '/import', doc);
    expect(imported.statusCode, imported.body).toBe(201);
    const again = await call('GET', `/${imported.json().result.id}/export`);
    expect(again.body).toBe(first.body);
  });

  it('refuses JSON that is not a template, and a template that breaks a rule, storing nothing', async () => {
    const before = await stored();
    const notComponents = await call('POST', '/import', { components: [{ type: 'CAROUSEL' }] });
    expect(notComponents.statusCode).toBe(400);
    expect(notComponents.json().errors).toEqual({ components: MESSAGES.wsImportInvalid });
    const noList = await call('POST', '/import', { name: 'x' });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().errors.components).toBe(MESSAGES.wsImportInvalid);
    const badRule = await call('POST', '/import', {
      name: 'bad_one',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: '{{1}} at the start', example: { body_text: [['x']] } }],
    });
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json().errors).toEqual({ body: MESSAGES.wsVariableAtStart });
    expect(await stored()).toEqual(before);
  });
});

describe('bad input: 400 on the field with the editor’s message, nothing stored', () => {
  const cases: [string, object, string, string][] = [
    ['name with capitals', { name: 'Summer' }, 'name', MESSAGES.wsNameFormat],
    ['unknown category', { category: 'promo' }, 'category', MESSAGES.wsCategoryInvalid],
    ['unknown language', { language: 'xx' }, 'language', MESSAGES.wsLanguageInvalid],
    [
      'header over 60',
      { headerFormat: 'text', headerText: 'h'.repeat(61) },
      'headerText',
      formatMessage('wsHeaderTooLong', { max: 60 }),
    ],
    [
      'media header over http',
      { headerFormat: 'image', headerMediaUrl: 'http://x.example.com/a.png' },
      'headerMediaUrl',
      MESSAGES.wsHeaderMediaUrl,
    ],
    ['body over 1,024', { body: 'b'.repeat(1025) }, 'body', formatMessage('wsBodyTooLong', { max: 1024 })],
    ['variable {{0}}', { body: 'Hi {{0}} there', bodyExamples: ['x'] }, 'body', MESSAGES.wsVariableZero],
    ['variable {{1 }}', { body: 'Hi {{1 }} there', bodyExamples: ['x'] }, 'body', MESSAGES.wsVariableMalformed],
    [
      'a {{ never closed before a good variable',
      { body: 'Hi {{1} and {{2}} ok', bodyExamples: ['x', 'y'] },
      'body',
      'Placeholder at line 1 is not closed: {{1}',
    ],
    ['a gap', { body: 'Hi {{1}} and {{3}} ok', bodyExamples: ['x', 'y', 'z'] }, 'body', MESSAGES.wsVariablesGap],
    ['a variable at the end', { body: 'Hi {{1}}', bodyExamples: ['x'] }, 'body', MESSAGES.wsVariableAtEnd],
    ['side by side', { body: 'Hi {{1}} {{2}} ok', bodyExamples: ['x', 'y'] }, 'body', MESSAGES.wsVariablesAdjacent],
    ['no example', { bodyExamples: [] }, 'bodyExamples.0', MESSAGES.wsExampleRequired],
    ['footer variable', { footer: 'Bye {{1}}' }, 'footer', MESSAGES.wsFooterNoVariables],
    [
      'URL button javascript:',
      { buttons: [{ type: 'url', text: 'Go', url: 'javascript:alert(1)', urlExample: '', phone: '' }] },
      'buttons.0.url',
      MESSAGES.wsUrlHttps,
    ],
    [
      'mixed buttons',
      {
        buttons: [
          { type: 'quick_reply', text: 'Yes', url: '', urlExample: '', phone: '' },
          { type: 'phone_number', text: 'Call', url: '', urlExample: '', phone: '+15551234567' },
        ],
      },
      'buttons',
      MESSAGES.wsButtonsMixed,
    ],
    [
      'label over 25',
      { buttons: [{ type: 'quick_reply', text: 'x'.repeat(26), url: '', urlExample: '', phone: '' }] },
      'buttons.0.text',
      formatMessage('wsButtonTextTooLong', { max: 25 }),
    ],
    ['a NUL character', { footer: 'a\u0000b' }, 'footer', MESSAGES.characterNotAllowed],
  ];

  it.each(cases)('%s', async (_name, change, field, message) => {
    const before = await stored();
    const res = await call('POST', '', template(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('the same rules on a change, which leaves the template as it was', async () => {
    const made = await create();
    const res = await call(
      'PUT',
      `/${made.id}`,
      template({ name: made.name, body: '{{1}} first', bodyExamples: ['x'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ body: MESSAGES.wsVariableAtStart });
    expect((await call('GET', `/${made.id}`)).json().result.body).toBe(blankTemplate().body);
  });

  it('a 5 MB body is refused before it is read (413), nothing stored', async () => {
    const before = await stored();
    const res = await call('POST', '', template({ body: `Hi ${'x'.repeat(5 * 1024 * 1024)} there` }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: MESSAGES.bodyTooLarge });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(await stored()).toEqual(before);
  });

  it('a body that is not JSON, and an id that is not one, answer 400; a missing template 404', async () => {
    const res = await t.call({
      method: 'POST',
      url: BASE,
      token: token.clubowner,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    const malformed = await call('GET', '/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ templateId: 'This id is not valid' });
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000')).json().message).toBe(
      MESSAGES.wsTemplateNotFound,
    );
  });
});

describe('roles and tenants', () => {
  it('other roles are refused (403) on every call, and signed-out callers (401)', async () => {
    const made = await create();
    for (const who of ['user', 'mover', 'trucker', 'it', 'venueemployee']) {
      for (const [method, url, body] of [
        ['GET', '', undefined],
        ['POST', '', template()],
        ['GET', `/${made.id}`, undefined],
        ['PUT', `/${made.id}`, template()],
        ['DELETE', `/${made.id}`, undefined],
        ['POST', `/${made.id}/status`, { status: 'submitted' }],
        ['GET', `/${made.id}/export`, undefined],
        ['POST', '/import', { components: [] }],
      ] as [Method, string, object | undefined][])
        expect((await call(method, url, body, who)).statusCode, `${who} ${method} ${url}`).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await call('GET', `/${made.id}`)).json().result.status).toBe('draft');
  });

  it('another business’s template answers 404 on every call and is not listed; nothing changes', async () => {
    const made = await create();
    const before = await stored();
    for (const [method, url, body] of [
      ['GET', `/${made.id}`, undefined],
      ['PUT', `/${made.id}`, template()],
      ['DELETE', `/${made.id}`, undefined],
      ['POST', `/${made.id}/status`, { status: 'submitted' }],
      ['GET', `/${made.id}/export`, undefined],
    ] as [Method, string, object | undefined][])
      expect((await call(method, url, body, 'stranger')).statusCode, `${method} ${url}`).toBe(404);
    const theirs = (await call('GET', '?perPage=100', undefined, 'stranger')).json().result as { id: string }[];
    expect(theirs.map((r) => r.id)).not.toContain(made.id);
    expect(await stored()).toEqual(before);
    expect((await call('GET', `/${made.id}`)).json().result.status).toBe('draft');
  });

  it('an administrator’s templates are the platform’s; the admin sees every business’s, a club owner never the platform’s', async () => {
    const mine = await create({}, 'admin');
    expect(mine).toMatchObject({ businessId: null, businessName: null });
    const owners = await create();
    const all = (await call('GET', '?perPage=100', undefined, 'admin')).json().result as { id: string }[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([mine.id, owners.id]));
    expect((await call('GET', `/${mine.id}`)).statusCode).toBe(404);
    const ownersList = (await call('GET', '?perPage=100')).json().result as { id: string }[];
    expect(ownersList.map((r) => r.id)).not.toContain(mine.id);
    // The platform's names are unique among themselves, apart from any business's.
    expect((await call('POST', '', template({ name: mine.name }), 'admin')).statusCode).toBe(409);
    expect((await call('POST', '', template({ name: mine.name }))).statusCode).toBe(201);
    // An administrator acts on a business's template as its owner would.
    const moved = await call('POST', `/${owners.id}/status`, { status: 'submitted', note: 'by the admin' }, 'admin');
    expect(moved.json().result).toMatchObject({ status: 'submitted', businessId: owners.businessId });
  });
});

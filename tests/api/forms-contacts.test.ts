/**
 * "Save answers as contacts" (form builder submissions, product brief section 2): the mapping is
 * checked when the draft is saved (a missing or ill-typed field, a missing email, a contact field
 * that does not exist: each refused with its field message, nothing stored); a submission creates
 * the platform's contact by its email, a second one updates it, an empty answer blanks nothing; a
 * contact field's refusal rolls the submission back as a 400 naming the form field; a business's
 * contact list does not show the platform's contact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

const FORMS = '/api/Form/forms';
const PUBLIC = '/api/Form/public';
const CONTACTS = '/api/crmmanagement/contacts';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'clubowner']) token[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: string | null = 'admin') =>
  t.call({ method, url, ...(who ? { token: token[who] } : {}), ...(payload ? { payload } : {}) });

const FIELDS = [
  { key: 'first', type: 'shortText', label: 'First name' },
  { key: 'last', type: 'shortText', label: 'Last name' },
  { key: 'mail', type: 'email', label: 'Email' },
  { key: 'tel', type: 'phone', label: 'Phone' },
  { key: 'age', type: 'number', label: 'Age' },
];
const MAPPING = { email: 'mail', firstName: 'first', lastName: 'last', phone: 'tel' };

async function fillIn(slug: string, answers: object) {
  const open = await call('GET', `${PUBLIC}/${slug}`, undefined, null);
  expect(open.statusCode).toBe(200);
  t.clock.advance(5_000);
  return call('POST', `${PUBLIC}/${slug}/submissions`, { answers, startToken: open.json().result.startToken }, null);
}

const contactsNamed = async (email: string, who = 'admin') =>
  (await call('GET', `${CONTACTS}?query=${encodeURIComponent(email)}&perPage=100`, undefined, who)).json().result as {
    id: string;
    fullName: string;
    email: string;
    phone: string | null;
    status: string;
  }[];

const submissionCount = async (slug: string) =>
  (await call('GET', `${FORMS}/${slug}/submissions`)).json().result.length as number;

describe('the mapping, checked when the draft is saved', () => {
  it('refuses a missing field, a wrong type, no email and an unknown contact field, storing nothing', async () => {
    expect((await call('POST', FORMS, { name: 'Map checks', slug: 'map-checks' })).statusCode).toBe(201);
    const save = (contactMapping: unknown) =>
      call('PUT', `${FORMS}/map-checks/draft`, { fields: FIELDS, contactMapping });
    const refused = [
      [{ email: 'nope' }, 'contactMapping.email', 'This form has no such field'],
      [{ email: 'first' }, 'contactMapping.email', 'This field is not of a type that fits this contact field'],
      [{ email: 'mail', phone: 'age' }, 'contactMapping.phone', 'This field is not of a type that fits'],
      [{ email: 'mail', fullName: 'first', lastName: 'last' }, 'contactMapping.fullName', 'not both'],
      [{ fullName: 'first' }, 'contactMapping.email', 'Choose the email field'],
      [{ email: 'mail', isAdmin: 'first' }, 'contactMapping', 'Contacts have no such field'],
    ] as const;
    for (const [mapping, key, message] of refused) {
      const res = await save(mapping);
      expect(res.statusCode, JSON.stringify(mapping)).toBe(400);
      expect(res.json().errors[key], JSON.stringify(res.json())).toContain(message);
    }
    const form = (await call('GET', `${FORMS}/map-checks`)).json().result;
    expect(form.draft).toEqual([]);
    expect(form.contactMapping).toBeNull();
    const ok = await save(MAPPING);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.contactMapping).toMatchObject(MAPPING);
  });
});

describe('submissions saved as contacts', () => {
  beforeAll(async () => {
    expect((await call('POST', FORMS, { name: 'Sign up', slug: 'sign-up' })).statusCode).toBe(201);
    expect((await call('PUT', `${FORMS}/sign-up/draft`, { fields: FIELDS, contactMapping: MAPPING })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `${FORMS}/sign-up/publish`, {})).statusCode).toBe(200);
  });

  it('creates the contact, then updates it by its email, never blanking a field with an empty answer', async () => {
    const sent = await fillIn('sign-up', {
      first: 'Ada',
      last: 'Lovelace',
      mail: 'ada@example.com',
      tel: '+1 202 456 1111',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    let [ada, ...more] = await contactsNamed('ada@example.com');
    expect(more).toEqual([]);
    expect(ada).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com', status: 'lead' });
    expect(ada!.phone).toBe('+12024561111');
    const phone = ada!.phone;

    // Same email (another case), a new name, no phone: the same contact, renamed, its phone kept.
    expect(
      (await fillIn('sign-up', { first: 'Augusta', last: 'King', mail: 'ADA@example.com', tel: '' })).statusCode,
    ).toBe(200);
    [ada, ...more] = await contactsNamed('ada@example.com');
    expect(more).toEqual([]);
    expect(ada).toMatchObject({ fullName: 'Augusta King', email: 'ada@example.com', phone });
    expect(await submissionCount('sign-up')).toBe(2);
  });

  it('makes one contact of two answers with a new email sent at once', async () => {
    const sent = await Promise.all(
      ['Lin One', 'Lin Two'].map((name) => {
        const [first, last] = name.split(' ');
        return fillIn('sign-up', { first, last, mail: 'lin@example.com' });
      }),
    );
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await contactsNamed('lin@example.com')).toHaveLength(1);
  });

  it('makes no contact when the email is not answered', async () => {
    expect((await fillIn('sign-up', { first: 'No', last: 'Mail' })).statusCode).toBe(200);
    expect(await contactsNamed('No Mail')).toEqual([]);
  });

  it("keeps the contact the platform's: a business's list does not show it", async () => {
    expect((await fillIn('sign-up', { first: 'Grace', last: 'Hopper', mail: 'grace@example.com' })).statusCode).toBe(
      200,
    );
    expect(await contactsNamed('grace@example.com')).toHaveLength(1);
    expect(await contactsNamed('grace@example.com', 'clubowner')).toEqual([]);
  });

  it('rolls the submission back when the contact refuses an answer, naming the form field', async () => {
    const before = await submissionCount('sign-up');
    // A one-letter name passes the form (no minimum set) but not the contact's name rule.
    const res = await fillIn('sign-up', { first: 'X', mail: 'x@example.com' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['answers.first']);
    expect(await submissionCount('sign-up')).toBe(before);
    expect(await contactsNamed('x@example.com')).toEqual([]);
  });
});

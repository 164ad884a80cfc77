/**
 * The searches where a person types a name ignore accents as well as case, on both engines (the
 * file is in ENGINE_SUBJECT): 'jose' finds José and 'muller' finds Müller — in IT's business
 * lookup, in a declared list's search (the stored, folded search column: server/db/search-text.ts)
 * and its text filter, in a reference picker's options, in the admin's users list and in a team.
 * The rule is one: server/db/folded-like.ts, which the support desk's ticket search uses too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['it', 'clubowner', 'admin']) tok[who] = (await t.login(`${who}@demo.test`)).access;
  const db = t.db.database.db;
  // The demo's names have no accents: one business and one member get some.
  await db
    .update(businesses)
    .set({ companyName: 'Café José Müller' })
    .where(eq(businesses.companyName, 'Bright Studio'));
  await db
    .update(users)
    .set({ firstName: 'José', lastName: 'Müller', name: 'José Müller' })
    .where(eq(users.email, 'venueemployee@demo.test'));
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, token: string, query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url, token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Record<string, unknown>[];
};
const CONTACTS = '/api/crmmanagement/contacts';

describe('a typed name finds its accented spelling', () => {
  it("in IT's business lookup", async () => {
    const names = async (query: string) => (await get('/api/Business/lookup', tok.it!, { query })).map((b) => b.name);
    expect(await names('jose')).toEqual(['Café José Müller']);
    expect(await names('muller')).toEqual(['Café José Müller']);
    expect(await names('CAFE JOSE')).toEqual(['Café José Müller']);
    // Typed with its accents it still finds it; another letter does not.
    expect(await names('Müller')).toEqual(['Café José Müller']);
    expect(await names('mullerz')).toEqual([]);
  });

  it("in a declared list's search and its reference options", async () => {
    const made = await t.call({
      method: 'POST',
      url: CONTACTS,
      token: tok.clubowner!,
      payload: { fullName: 'José Müller', email: 'jose.muller@example.com', status: 'lead' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const found = async (query: Record<string, string>) =>
      (await get(CONTACTS, tok.clubowner!, query)).map((c) => c.fullName);
    expect(await found({ query: 'jose' })).toEqual(['José Müller']);
    expect(await found({ query: 'muller' })).toEqual(['José Müller']);
    // Across the fields of the search column, and with the other case.
    expect(await found({ query: 'JOSE MULLER' })).toEqual(['José Müller']);
    expect(await found({ query: 'josé' })).toEqual(['José Müller']);
    expect(await found({ query: 'jxse' })).toEqual([]);
    // A % typed is a percent sign, not a wildcard, once folded too.
    expect(await found({ query: 'jos%' })).toEqual([]);
    const options = await get(`${CONTACTS}/options`, tok.clubowner!, { query: 'muller' });
    expect(options.map((o) => o.label)).toEqual(['José Müller']);
  });

  it("in the admin's users list and in a business's team", async () => {
    const emails = async (query: string) =>
      (await get('/api/AdminAccount/users', tok.admin!, { query })).map((u) => u.email);
    expect(await emails('jose')).toEqual(['venueemployee@demo.test']);
    expect(await emails('muller')).toEqual(['venueemployee@demo.test']);
    const team = async (query: string) =>
      (await get('/api/crmmanagement/team', tok.clubowner!, { query })).map((m) => m.email);
    expect(await team('muller')).toEqual(['venueemployee@demo.test']);
    expect(await team('jose')).toEqual(['venueemployee@demo.test']);
  });
});

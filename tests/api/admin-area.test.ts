/**
 * The rest of the admin area on declared resources: clients, plans, markets, CRM companies,
 * contacts (also the club owner's and user's own, tenant-scoped), deals and tasks, email
 * events (read-only), and the system status page's checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { parseCsv } from '../../server/resources/csv';
import { BUILT_IN_ROLE_DESCRIPTIONS } from '../../src/domain/roles';
import { SEEDED_PLAN_DESCRIPTIONS } from '../../src/domain/plan-texts';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';

let t: TestApp;
let admin: string;
let owner: string;
let user: string;
let mover: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  [admin, owner, user, mover] = (await Promise.all(
    ['admin@demo.test', 'clubowner@demo.test', 'user@demo.test', 'mover@demo.test'].map(
      async (e) => (await t.login(e)).access,
    ),
  )) as [string, string, string, string];
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token });
const total = async (url: string, token = admin) =>
  JSON.parse(String((await get(url, token)).headers['paging-data'])).totalCount;

describe('admin lists page, and only administrators reach them', () => {
  it.each([
    ['/api/AdminAccount/clients', 10],
    ['/api/Plans/manage', 2],
    ['/api/AdminAccount/markets', 10],
    ['/api/crmmanagement/companies', 10],
    ['/api/crmmanagement/deals', 30],
    ['/api/crmmanagement/tasks', 40],
    ['/api/AdminAccount/roles', 7],
  ])('%s', async (url, atLeast) => {
    expect(await total(url)).toBeGreaterThanOrEqual(atLeast);
    for (const token of [owner, user, mover]) expect((await get(url, token)).statusCode, url).toBe(403);
  });
});

describe('plans', () => {
  it('keeps money in cents and refuses bad values with the form messages', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/Plans/manage',
      token: admin,
      payload: { name: 'Team', priceCents: 9.99, quota: -1 },
    });
    expect(bad.json().errors).toEqual({
      priceCents: 'Enter an amount in dollars and cents, such as 12.50',
      quota: 'Must be at least 0',
      pagesPerPdf: 'This field is required',
      description: 'This field is required',
    });
    const ok = await t.call({
      method: 'POST',
      url: '/api/Plans/manage',
      token: admin,
      payload: {
        name: 'Team',
        priceCents: 4900,
        quota: 200,
        pagesPerPdf: 100,
        description: '**Best** for teams <script>alert(1)</script>',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ priceCents: 4900 });
    // stored as written: markdown is rendered safely by the client, never as raw HTML
    expect(ok.json().result.description).toContain('<script>');
  });

  it('refuses a name another plan has, whatever its case or the spaces around it (409 on the name), on create and rename', async () => {
    const plan = (name: string) => ({ name, priceCents: 900, quota: 5, pagesPerPdf: 5, description: 'Small' });
    const post = (payload: object) => t.call({ method: 'POST', url: '/api/Plans/manage', token: admin, payload });
    const taken = {
      message: 'This value is already used by another record',
      errors: { name: 'This value is already used by another record' },
    };
    for (const name of ['Pro', 'pro', ' PRO ']) {
      const res = await post(plan(name));
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual(taken);
    }
    const solo = await post(plan('Solo'));
    expect(solo.statusCode).toBe(200);
    const rename = await t.call({
      method: 'PATCH',
      url: `/api/Plans/manage/${solo.json().result.id}`,
      token: admin,
      payload: { name: 'FREE' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual(taken);
    // Its own name in another case is still its own.
    const recased = await t.call({
      method: 'PATCH',
      url: `/api/Plans/manage/${solo.json().result.id}`,
      token: admin,
      payload: { name: 'SOLO' },
    });
    expect(recased.statusCode).toBe(200);
    const names = (await get('/api/Plans/manage?perPage=100')).json().result.map((p: { name: string }) => p.name);
    expect(names.filter((n: string) => n.toLowerCase() === 'pro')).toEqual(['Pro']);
  });
});

describe("searching seeded texts by the reader's words", () => {
  const search = async (url: string, language?: string) => {
    const res = await t.call({
      method: 'GET',
      url,
      token: admin,
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const names = async (query: string, language?: string) =>
    (await search(`/api/Plans/manage?perPage=100&query=${encodeURIComponent(query)}`, language))
      .json()
      .result.map((p: { name: string }) => p.name);

  it('finds the Free plan by the name a Spanish reader sees (Gratuito), and by Free in English', async () => {
    expect(es.planNames.Free).toBe('Gratuito');
    // Case and accents ignored, as every list's search.
    for (const query of ['Gratuito', 'gratu', 'GRATUÍTO'])
      expect(await names(query, 'es-MX,es;q=0.9'), query).toEqual(['Free']);
    // The count in the paging header counts it too.
    const counted = await search('/api/Plans/manage?query=gratuito', 'es');
    expect(JSON.parse(String(counted.headers['paging-data'])).totalCount).toBe(1);
    // An English reader (and a client that names no language) finds it by its English name, not the Spanish.
    for (const language of ['en-US', undefined]) {
      expect(await names('Free', language), language).toEqual(['Free']);
      expect(await names('gratuito', language), language).toEqual([]);
    }
    // The CSV export of that search holds the same row, in the reader's words.
    const csv = await search('/api/Plans/manage/export?query=gratuito', 'es');
    // The header too: the column's title as the Spanish list shows it.
    expect(parseCsv(csv.body).map((line) => line.cells[1])).toEqual(['Nombre', 'Gratuito']);
  });

  it('finds a renamed plan only by its typed name: the translation stands for the seeded text alone', async () => {
    const free = (await search('/api/Plans/manage?perPage=100'))
      .json()
      .result.find((p: { name: string }) => p.name === 'Free');
    const rename = (name: string) =>
      t.call({ method: 'PATCH', url: `/api/Plans/manage/${free.id}`, token: admin, payload: { name } });
    expect((await rename('Basic')).statusCode).toBe(200);
    try {
      expect(await names('gratuito', 'es')).toEqual([]);
      expect(await names('basic', 'es')).toEqual(['Basic']);
    } finally {
      expect((await rename('Free')).statusCode).toBe(200);
    }
  });
});

describe("CSV export of the product's seeded texts", () => {
  /**
   * The export's rows as objects by field: the header holds the list's column titles in the
   * reader's language (Nombre, Descripción), read back here as the fields they title.
   */
  const FIELDS = Object.fromEntries(
    [en, es].flatMap((lang) =>
      [lang.resources.plans.fields, lang.resources.roles.fields].flatMap((fields) =>
        Object.entries(fields).map(([key, title]) => [title, key]),
      ),
    ),
  );
  const exported = async (url: string, language?: string) => {
    const res = await t.call({
      method: 'GET',
      url,
      token: admin,
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    return rows.map((r) => Object.fromEntries(header!.cells.map((name, i) => [FIELDS[name] ?? name, r.cells[i]])));
  };
  const byName = (rows: Record<string, string | undefined>[], name: string) => rows.find((r) => r.name === name);

  it("writes a built-in role's description in the reader's language, a typed one as typed", async () => {
    const typed = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-role',
      token: admin,
      // An added role's description reads like a built-in's: it is still its own text.
      payload: { name: 'Dispatch', description: BUILT_IN_ROLE_DESCRIPTIONS.MOVER },
    });
    expect(typed.statusCode).toBe(200);
    const spanish = await exported('/api/AdminAccount/roles/export?perPage=100', 'es-MX,es;q=0.9,en;q=0.5');
    expect(byName(spanish, 'ADMIN')?.description).toBe(es.roleDescriptions.ADMIN);
    expect(byName(spanish, 'MOVER')?.description).toBe(es.roleDescriptions.MOVER);
    expect(byName(spanish, 'Dispatch')?.description).toBe(BUILT_IN_ROLE_DESCRIPTIONS.MOVER);
    // An English reader, and a client that names no language, get the English.
    for (const language of ['en-US', undefined]) {
      const english = await exported('/api/AdminAccount/roles/export?perPage=100', language);
      expect(byName(english, 'ADMIN')?.description, language).toBe(BUILT_IN_ROLE_DESCRIPTIONS.ADMIN);
    }
  });

  it("writes a seeded plan's name and description in the reader's language, an edited one as typed", async () => {
    const spanish = await exported('/api/Plans/manage/export?perPage=100', 'es');
    expect(byName(spanish, es.planNames.Free)).toMatchObject({ description: es.planDescriptions.Free, quota: '10' });
    expect(byName(spanish, 'Pro')?.description).toBe(es.planDescriptions.Pro);
    expect(byName(spanish, 'Free')).toBeUndefined();
    const pro = (await get('/api/Plans/manage?perPage=100'))
      .json()
      .result.find((p: { name: string }) => p.name === 'Pro');
    const edited = await t.call({
      method: 'PATCH',
      url: `/api/Plans/manage/${pro.id}`,
      token: admin,
      payload: { description: 'Para equipos, escrito a mano' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await exported('/api/Plans/manage/export?perPage=100', 'es');
    expect(byName(after, 'Pro')?.description).toBe('Para equipos, escrito a mano');
    expect(byName(await exported('/api/Plans/manage/export?perPage=100'), 'Free')?.description).toBe(
      SEEDED_PLAN_DESCRIPTIONS.Free,
    );
  });
});

describe('contacts: administrators and each business on its own', () => {
  it('club owner and user see only their business; admins see everyone', async () => {
    const ownerTotal = await total('/api/crmmanagement/contacts', owner);
    const userTotal = await total('/api/crmmanagement/contacts', user);
    const adminTotal = await total('/api/crmmanagement/contacts', admin);
    expect(ownerTotal).toBeGreaterThan(0);
    expect(userTotal).toBeGreaterThan(0);
    expect(adminTotal).toBeGreaterThanOrEqual(40 + ownerTotal + userTotal);
    const ownerRow = (await get('/api/crmmanagement/contacts?perPage=1', owner)).json().result[0];
    expect((await get(`/api/crmmanagement/contacts/${ownerRow.id}`, user)).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/crmmanagement/contacts/${ownerRow.id}`, token: user })).statusCode,
    ).toBe(404);
    expect((await get('/api/crmmanagement/contacts', mover)).statusCode).toBe(403);
  });

  it('a business contact cannot point at the platform CRM companies', async () => {
    const company = (await get('/api/crmmanagement/companies?perPage=1')).json().result[0];
    const res = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/contacts',
      token: owner,
      payload: { fullName: 'Pat Doe', companyId: company.id },
    });
    // companies are the administrators' CRM: a club owner may not even read them
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ companyId: 'The selected record does not exist' });
  });
});

describe('deals and tasks', () => {
  it('a deal references company, contact and owner; a company with deals cannot be deleted', async () => {
    const deal = (await get('/api/crmmanagement/deals?perPage=1&sort=valueCents&order=desc')).json().result[0];
    expect(deal._labels.companyId).toEqual(expect.any(String));
    expect(deal._labels.ownerId).toMatch(/@/);
    const del = await t.call({ method: 'DELETE', url: `/api/crmmanagement/companies/${deal.companyId}`, token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/^This record is still used by \d+ (contacts|deals) and cannot be deleted$/);
    const bad = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/deals',
      token: admin,
      payload: { title: 'X', valueCents: 100, ownerId: crypto.randomUUID(), stage: 'won?' },
    });
    expect(bad.json().errors).toEqual({
      title: 'Must be at least 2 characters long',
      ownerId: 'The selected record does not exist',
      stage: 'Choose one of the listed values',
    });
  });

  it('tasks filter by status and due-date range', async () => {
    const all = await total('/api/crmmanagement/tasks');
    const todo = await total('/api/crmmanagement/tasks?status=todo');
    const done = await total('/api/crmmanagement/tasks?status=done');
    expect(todo + done).toBeLessThanOrEqual(all);
    const ranged = (
      await get('/api/crmmanagement/tasks?dueDateFrom=2020-01-01&dueDateTo=2099-12-31&perPage=100')
    ).json().result;
    expect(ranged.length).toBe(Math.min(all, 100));
    expect((await get('/api/crmmanagement/tasks?dueDateFrom=01/02/2026')).statusCode).toBe(400);
  });
});

describe('email events are read-only and per business', () => {
  it('admins and club owners read; nobody writes', async () => {
    expect(await total('/api/crmmanagement/email-events', owner)).toBeGreaterThan(0);
    expect(await total('/api/crmmanagement/email-events', admin)).toBeGreaterThan(
      await total('/api/crmmanagement/email-events', owner),
    );
    expect((await get('/api/crmmanagement/email-events', user)).statusCode).toBe(403);
    const res = await t.call({ method: 'POST', url: '/api/crmmanagement/email-events', token: admin, payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('clients', () => {
  it('edits a business with the form rules; no create or delete', async () => {
    const client = (await get('/api/AdminAccount/clients?perPage=1')).json().result[0];
    const bad = await t.call({
      method: 'PATCH',
      url: `/api/AdminAccount/clients/${client.id}`,
      token: admin,
      payload: { companyWebSite: 'example', status: 'gone' },
    });
    expect(bad.json().errors).toEqual({
      companyWebSite: 'Enter a valid web address starting with http:// or https://',
      status: 'Choose one of the listed values',
    });
    const ok = await t.call({
      method: 'PATCH',
      url: `/api/AdminAccount/clients/${client.id}`,
      token: admin,
      payload: { status: 'inactive' },
    });
    expect(ok.json().result.status).toBe('inactive');
    expect(
      (await t.call({ method: 'DELETE', url: `/api/AdminAccount/clients/${client.id}`, token: admin })).statusCode,
    ).toBe(404);
  });
});

describe('system status', () => {
  it('reports database, mail, storage and hub with latencies, to administrators only', async () => {
    const res = await get('/api/AdminAccount/system-status');
    expect(res.statusCode).toBe(200);
    const checks = res.json().result.checks as { name: string; state: string; latencyMs: number | null }[];
    expect(checks.map((c) => c.name)).toEqual(['database', 'mail', 'storage', 'hub']);
    expect(checks.find((c) => c.name === 'database')).toMatchObject({ state: 'up', latencyMs: expect.any(Number) });
    expect(checks.find((c) => c.name === 'mail')!.state).toBe('unconfigured');
    expect(checks.find((c) => c.name === 'storage')!.state).toBe('up');
    expect((await get('/api/AdminAccount/system-status', owner)).statusCode).toBe(403);
  });
});

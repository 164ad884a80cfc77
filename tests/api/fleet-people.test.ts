/**
 * The fleet manager's employees and customers (declared resources, product brief section 7) on the product
 * brief's calls: POST; PUT with the id in the body; GET list (page, perPage, query); GET /{id};
 * DELETE with query employeeId / customerId; GET contracted services. Good input, each bad
 * field's message, other roles refused, another business's rows 404, the licence-expiry flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { businesses, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

const EMPLOYEES = '/api/Business/employees';
const CUSTOMERS = '/api/Business/customers';

let t: TestApp;
let trucker: string;
let otherTrucker: string;
let clubOwner: string;
let admin: string;
let today: string;
/** A row of the club owner's business in each table, put there behind the API's back. */
let foreignEmployee: string;
let foreignCustomer: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  trucker = (await t.login('trucker@demo.test')).access;
  clubOwner = (await t.login('clubowner@demo.test')).access;
  admin = (await t.login('admin@demo.test')).access;
  const db = t.db.database.db;
  // Another fleet business: one of the generated fleet managers (same demo password).
  const [other] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'TRUCKER'), eq(users.status, 'active')))
    .then((rows) => rows.filter((r) => r.email !== 'trucker@demo.test'));
  otherTrucker = (await t.login(other!.email)).access;
  const [mine] = await db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.companyName, 'Roadline Logistics'));
  today = zonedDay(t.clock.now, mine!.timeZone);
  const [club] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.companyName, 'Blue Note Club'));
  const [e] = await db
    .insert(tableOf('employees'))
    .values({ businessId: club!.id, firstName: 'Other', lastName: 'Business', fleetRole: 'driver', status: 'active' })
    .returning();
  const [c] = await db.insert(tableOf('customers')).values({ businessId: club!.id, name: 'Not Yours LLC' }).returning();
  foreignEmployee = e!.id as string;
  foreignCustomer = c!.id as string;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, payload });

const employee = {
  firstName: 'Rosa',
  lastName: 'Quintero',
  email: 'Rosa.Quintero@Roadline.example',
  phone: '(202) 555-0191',
  fleetRole: 'dispatcher',
  licenceNumber: 'Q9988-77665',
};

describe('employees', () => {
  let id: string;

  it('creates one (email lower-cased, phone stored as E.164, status defaulting to active)', async () => {
    const res = await call('POST', EMPLOYEES, trucker, { ...employee, licenceExpiry: addDays(today, 200) });
    expect(res.statusCode).toBe(200);
    const made = res.json().result;
    expect(made).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Quintero',
      email: 'rosa.quintero@roadline.example',
      phone: '+12025550191',
      fleetRole: 'dispatcher',
      status: 'active',
      licenceExpiry: addDays(today, 200),
      _expiry: { licenceExpiry: 'valid' },
    });
    id = made.id;
  });

  it("refuses each bad field with the form's message, all at once", async () => {
    const res = await call('POST', EMPLOYEES, trucker, {
      firstName: '',
      lastName: 'x'.repeat(101),
      email: 'rosa@roadline',
      phone: '555-01',
      fleetRole: 'pilot',
      licenceNumber: 'L'.repeat(41),
      licenceExpiry: '02/30/2027',
      status: 'retired',
      salary: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'This field is required',
      lastName: 'Must be at most 100 characters long',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
      fleetRole: 'Choose one of the listed values',
      licenceNumber: 'Must be at most 40 characters long',
      licenceExpiry: 'Enter a valid date',
      status: 'Choose one of the listed values',
      salary: 'Invalid value',
    });
    const taken = await call('POST', EMPLOYEES, trucker, { ...employee, email: null });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ licenceNumber: 'This value is already used by another record' });
  });

  it('changes one with PUT and the id in the body, and shows it by GET /{id}', async () => {
    const res = await call('PUT', EMPLOYEES, trucker, { id, status: 'inactive', fleetRole: 'driver' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id, status: 'inactive', fleetRole: 'driver', firstName: 'Rosa' });
    const bad = await call('PUT', EMPLOYEES, trucker, { id, lastName: '' });
    expect(bad.json().errors).toEqual({ lastName: 'This field is required' });
    const shown = await call('GET', `${EMPLOYEES}/${id}`, trucker);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().result).toMatchObject({ id, status: 'inactive', lastName: 'Quintero' });
  });

  it('lists with page, perPage and query (paging-data), only the business own rows', async () => {
    const res = await call('GET', `${EMPLOYEES}?page=1&perPage=2`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toHaveLength(2);
    // The five seeded employees and the one made above; never the club owner's row.
    expect(JSON.parse(String(res.headers['paging-data']))).toMatchObject({ totalCount: 6 });
    const found = await call('GET', `${EMPLOYEES}?query=quinter&page=1&perPage=10`, trucker);
    expect(found.json().result.map((r: { id: string }) => r.id)).toEqual([id]);
    const all = await call('GET', `${EMPLOYEES}?perPage=50`, trucker);
    expect(all.json().result.map((r: { id: string }) => r.id)).not.toContain(foreignEmployee);
    expect((await call('GET', `${EMPLOYEES}?salary=1`, trucker)).json().errors).toHaveProperty('salary');
  });

  it('flags a licence that expired or expires within 30 days, by the business day', async () => {
    const flag = async (licenceExpiry: string | null) => {
      const res = await call('PUT', EMPLOYEES, trucker, { id, licenceExpiry });
      expect(res.statusCode).toBe(200);
      return res.json().result._expiry.licenceExpiry;
    };
    expect(await flag(addDays(today, -1))).toBe('expired');
    expect(await flag(today)).toBe('soon');
    expect(await flag(addDays(today, 30))).toBe('soon');
    expect(await flag(addDays(today, 31))).toBe('valid');
    expect(await flag(null)).toBeNull();
    // The list carries the same flag, and the seeded expired and due-soon licences show theirs.
    const list = (await call('GET', `${EMPLOYEES}?perPage=50`, trucker)).json().result as {
      lastName: string;
      _expiry: { licenceExpiry: string | null };
    }[];
    const flagOf = (name: string) => list.find((r) => r.lastName === name)?._expiry.licenceExpiry;
    expect([flagOf('Moreno'), flagOf('Carter'), flagOf('Alvarez'), flagOf('Brooks')]).toEqual([
      'expired',
      'soon',
      'valid',
      null,
    ]);
  });

  it("answers 404 for another business's employee, on every call", async () => {
    expect((await call('GET', `${EMPLOYEES}/${foreignEmployee}`, trucker)).statusCode).toBe(404);
    expect((await call('PUT', EMPLOYEES, trucker, { id: foreignEmployee, status: 'inactive' })).statusCode).toBe(404);
    expect((await call('DELETE', `${EMPLOYEES}?employeeId=${foreignEmployee}`, trucker)).statusCode).toBe(404);
    // Nor does another fleet business see this one's.
    expect((await call('GET', `${EMPLOYEES}/${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('DELETE', `${EMPLOYEES}?employeeId=${id}`, otherTrucker)).statusCode).toBe(404);
  });

  it('refuses other roles (403), administrators included', async () => {
    for (const token of [clubOwner, admin]) {
      expect((await call('GET', EMPLOYEES, token)).statusCode).toBe(403);
      expect((await call('POST', EMPLOYEES, token, employee)).statusCode).toBe(403);
      expect((await call('GET', `${EMPLOYEES}/${id}`, token)).statusCode).toBe(403);
      expect((await call('DELETE', `${EMPLOYEES}?employeeId=${id}`, token)).statusCode).toBe(403);
    }
  });

  it('deletes by the employeeId query parameter (a bare id is not it)', async () => {
    const bare = await call('DELETE', `${EMPLOYEES}?id=${id}`, trucker);
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(bare.json().errors)).toEqual(['employeeId']);
    const res = await call('DELETE', `${EMPLOYEES}?employeeId=${id}`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ id });
    expect((await call('GET', `${EMPLOYEES}/${id}`, trucker)).statusCode).toBe(404);
    expect((await call('DELETE', `${EMPLOYEES}?employeeId=${id}`, trucker)).statusCode).toBe(404);
  });
});

describe('customers', () => {
  let id: string;
  const customer = {
    name: 'Lakeside Hardware',
    contactName: 'Ben Ortiz',
    email: 'ben@lakeside.example',
    phone: '+1 312 555 0147',
    street: '12 Harbor Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    notes: 'Back door deliveries only.',
  };

  it('creates one with its billing address', async () => {
    const res = await call('POST', CUSTOMERS, trucker, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ ...customer, phone: '+13125550147' });
    id = res.json().result.id;
  });

  it("refuses each bad field with the form's message", async () => {
    const res = await call('POST', CUSTOMERS, trucker, {
      name: 'L',
      email: 'ben at lakeside',
      phone: '12',
      state: 'I',
      zip: '6060',
      notes: 'n'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Must be at least 2 characters long',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
      state: 'Must be at least 2 characters long',
      zip: 'Must be exactly 5 digits',
      notes: 'Must be at most 2000 characters long',
    });
    const letters = await call('POST', CUSTOMERS, trucker, { name: 'Zip Letters', zip: '60a01' });
    expect(letters.json().errors).toEqual({ zip: 'Must be only digits' });
    const missing = await call('POST', CUSTOMERS, trucker, { city: 'Chicago' });
    expect(missing.json().errors).toEqual({ name: 'This field is required' });
    const taken = await call('POST', CUSTOMERS, trucker, { name: 'Lakeside Hardware' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: 'This value is already used by another record' });
    // The name is unique within a business only: another fleet business may use it.
    expect((await call('POST', CUSTOMERS, otherTrucker, { name: 'Lakeside Hardware' })).statusCode).toBe(200);
  });

  it('changes one with PUT (id in the body) and lists and searches them', async () => {
    const res = await call('PUT', CUSTOMERS, trucker, { id, contactName: 'Bea Ortiz', zip: '60602' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id, contactName: 'Bea Ortiz', zip: '60602', city: 'Chicago' });
    const list = await call('GET', `${CUSTOMERS}?page=1&perPage=10`, trucker);
    const names = list.json().result.map((r: { name: string }) => r.name);
    // Three seeded plus this one, by name; not the club owner's, not the other fleet's.
    expect(names).toEqual(['Green Valley Farms', 'Harbor Foods Inc.', 'Lakeside Hardware', 'Priya Shah']);
    const found = await call('GET', `${CUSTOMERS}?query=bea%20ort`, trucker);
    expect(found.json().result.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('answers its contracted services: none exist yet, so an empty list (not a made-up one)', async () => {
    const res = await call('GET', `${CUSTOMERS}/contracted-services?customerId=${id}`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: [] });
    expect(
      (await call('GET', `${CUSTOMERS}/contracted-services?customerId=${foreignCustomer}`, trucker)).statusCode,
    ).toBe(404);
    expect((await call('GET', `${CUSTOMERS}/contracted-services?customerId=${id}`, clubOwner)).statusCode).toBe(403);
  });

  it("answers 404 for another business's customer and 403 to other roles", async () => {
    expect((await call('GET', `${CUSTOMERS}/${foreignCustomer}`, trucker)).statusCode).toBe(404);
    expect((await call('PUT', CUSTOMERS, trucker, { id: foreignCustomer, name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `${CUSTOMERS}?customerId=${foreignCustomer}`, trucker)).statusCode).toBe(404);
    expect((await call('GET', `${CUSTOMERS}/${id}`, otherTrucker)).statusCode).toBe(404);
    for (const token of [clubOwner, admin]) {
      expect((await call('GET', CUSTOMERS, token)).statusCode).toBe(403);
      expect((await call('POST', CUSTOMERS, token, customer)).statusCode).toBe(403);
      expect((await call('PUT', CUSTOMERS, token, { id, name: 'X Co' })).statusCode).toBe(403);
    }
  });

  it('deletes by the customerId query parameter', async () => {
    const res = await call('DELETE', `${CUSTOMERS}?customerId=${id}`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ id });
    expect((await call('GET', `${CUSTOMERS}/${id}`, trucker)).statusCode).toBe(404);
  });
});

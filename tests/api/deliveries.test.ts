/**
 * A report's deliveries (server/modules/reports) on the product brief's calls: POST; PUT (id in
 * the body); GET list by reportId; DELETE with query id; PATCH discount; and the proof of
 * delivery (multipart, type from the bytes). Each bad field's message, a negative distance, a
 * discount over the price, another business's report or delivery (404), other roles (403),
 * nothing half-written when a change is refused; and the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businesses, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { fleetDeliveries } from '../../server/modules/reports/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const REPORTS = '/api/Business/reports';
const DELIVERIES = '/api/Business/deliveries';
// The smallest PNG there is (1×1), and bytes that only claim to be one.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let trucker: string;
let otherTrucker: string;
let user: string;
let reportId: string;
let employeeId: string;
let foreignReport: string;
let foreignEmployee: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  trucker = (await t.login('trucker@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
  const db = t.db.database.db;
  const [other] = await db
    .select({ email: users.email, businessId: users.businessId })
    .from(users)
    .where(and(eq(users.role, 'TRUCKER'), eq(users.status, 'active')))
    .then((rows) => rows.filter((r) => r.email !== 'trucker@demo.test' && r.businessId));
  otherTrucker = (await t.login(other!.email)).access;
  const [mine] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.companyName, 'Roadline Logistics'));
  const [customer] = await db
    .insert(tableOf('customers'))
    .values({ businessId: mine!.id, name: 'Deliveries Co' })
    .returning();
  const [employee] = await db
    .insert(tableOf('employees'))
    .values({ businessId: mine!.id, firstName: 'Dee', lastName: 'Livery', fleetRole: 'driver', status: 'active' })
    .returning();
  employeeId = employee!.id as string;
  const made = await t.call({
    method: 'POST',
    url: REPORTS,
    token: trucker,
    payload: { title: 'Deliveries test', customerId: customer!.id, periodFrom: '2026-11-01', periodTo: '2026-11-30' },
  });
  reportId = made.json().result.id;
  const [theirCustomer] = await db
    .insert(tableOf('customers'))
    .values({ businessId: other!.businessId, name: 'Theirs' })
    .returning();
  const [theirs] = await db
    .insert(tableOf('reports'))
    .values({
      businessId: other!.businessId,
      title: 'Theirs',
      customerId: theirCustomer!.id,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
    })
    .returning();
  foreignReport = theirs!.id as string;
  const [theirEmployee] = await db
    .insert(tableOf('employees'))
    .values({
      businessId: other!.businessId,
      firstName: 'Not',
      lastName: 'Yours',
      fleetRole: 'driver',
      status: 'active',
    })
    .returning();
  foreignEmployee = theirEmployee!.id as string;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) => t.call({ method, url, token, payload });
const good = (over: object = {}) => ({
  reportId,
  deliveredOn: '2026-11-04',
  origin: 'Newark, NJ',
  destination: 'Dover, DE',
  distanceMiles: 126.5,
  weightLb: 20_000,
  priceCents: 69_900,
  employeeId,
  ...over,
});
const report = async () => (await call('GET', `${REPORTS}/details?reportId=${reportId}`, trucker)).json().result;

describe('deliveries', () => {
  let id: string;

  it('adds one (named employee, line totals) and lists it by reportId', async () => {
    const res = await call('POST', DELIVERIES, trucker, good());
    expect(res.statusCode).toBe(200);
    const made = res.json().result;
    expect(made).toMatchObject({
      reportId,
      deliveredOn: '2026-11-04',
      distanceMiles: 126.5,
      priceCents: 69_900,
      discount: null,
      discountCents: 0,
      totalCents: 69_900,
      employeeName: 'Dee Livery',
      proofType: null,
    });
    id = made.id;
    const list = await call('GET', `${DELIVERIES}?reportId=${reportId}`, trucker);
    expect(list.json().result.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(await report()).toMatchObject({ deliveriesCount: 1, subtotalCents: 69_900, totalCents: 69_900 });
  });

  it("refuses each bad field with the form's message, and writes nothing", async () => {
    const res = await call('POST', DELIVERIES, trucker, {
      reportId,
      deliveredOn: '2026-02-30',
      origin: ' ',
      destination: 'x'.repeat(201),
      distanceMiles: -1,
      weightLb: 1.5,
      priceCents: -100,
      employeeId: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      deliveredOn: 'Enter a valid date',
      origin: 'Enter where the delivery started',
      destination: 'At most 200 characters',
      distanceMiles: 'Enter the distance in miles, 0 or more (at most 1 decimal)',
      weightLb: 'Enter the weight in whole pounds, 0 or more',
      priceCents: 'Enter the price in dollars and cents, from 0 to $1,000,000',
      employeeId: 'This id is not valid',
    });
    const missing = await call('POST', DELIVERIES, trucker, { reportId });
    expect(missing.json().errors).toMatchObject({
      deliveredOn: 'Enter the delivery date',
      origin: 'Enter where the delivery started',
      destination: 'Enter where the delivery went',
    });
    const tenths = await call('POST', DELIVERIES, trucker, good({ distanceMiles: 1.25 }));
    expect(tenths.json().errors).toEqual({
      distanceMiles: 'Enter the distance in miles, 0 or more (at most 1 decimal)',
    });
    const theirEmployee = await call('POST', DELIVERIES, trucker, good({ employeeId: foreignEmployee }));
    expect(theirEmployee.statusCode).toBe(400);
    expect(theirEmployee.json().errors).toEqual({ employeeId: 'The selected record does not exist' });
    expect((await report()).deliveriesCount).toBe(1);
  });

  it('refuses a date outside the report period (11/01/2026 to 11/30/2026), on add and on change, naming the period', async () => {
    const outside = 'The delivery date must be within the report period, 11/01/2026 to 11/30/2026';
    for (const deliveredOn of ['2026-10-31', '2026-12-01']) {
      const res = await call('POST', DELIVERIES, trucker, good({ deliveredOn }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ deliveredOn: outside });
    }
    const moved = await call('PUT', DELIVERIES, trucker, {
      ...good({ deliveredOn: '2027-01-15' }),
      reportId: undefined,
      id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ deliveredOn: outside });
    // Both ends of the period are in it; nothing outside was counted.
    const edge = await call('POST', DELIVERIES, trucker, good({ deliveredOn: '2026-11-30' }));
    expect(edge.statusCode).toBe(200);
    expect((await report()).deliveriesCount).toBe(2);
    expect((await call('DELETE', `${DELIVERIES}?id=${edge.json().result.id}`, trucker)).statusCode).toBe(200);
  });

  it('changes one with PUT (id in the body)', async () => {
    const res = await call('PUT', DELIVERIES, trucker, {
      ...good({ priceCents: 70_000, employeeId: null }),
      reportId: undefined,
      id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id, priceCents: 70_000, employeeId: null, employeeName: null });
  });

  it('sets a line discount (amount or percent) and refuses one larger than the price', async () => {
    const over = await call('PATCH', `${DELIVERIES}/discount`, trucker, { id, kind: 'amount', value: 70_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ value: 'The discount is larger than the price' });
    const equal = await call('PATCH', `${DELIVERIES}/discount`, trucker, { id, kind: 'amount', value: 70_000 });
    expect(equal.json().result).toMatchObject({ discountCents: 70_000, totalCents: 0 });
    const percent = await call('PATCH', `${DELIVERIES}/discount`, trucker, { id, kind: 'percent', value: 12.5 });
    expect(percent.json().result).toMatchObject({
      discount: { kind: 'percent', value: 12.5 },
      discountCents: 8750,
      totalCents: 61_250,
    });
    const third = await call('PATCH', `${DELIVERIES}/discount`, trucker, { id, kind: 'percent', value: 12.345 });
    expect(third.json().errors).toEqual({ value: 'Enter a percent from 0 to 100, with at most 2 decimals' });
    expect(await report()).toMatchObject({ discountCents: 8750, totalCents: 61_250 });
  });

  it('refuses a price under the line discount, and a change that leaves the report discount too large — nothing written', async () => {
    await call('PATCH', `${DELIVERIES}/discount`, trucker, { id, kind: 'amount', value: 5_000 });
    const under = await call('PUT', DELIVERIES, trucker, { ...good({ priceCents: 4_999 }), reportId: undefined, id });
    expect(under.statusCode).toBe(400);
    expect(under.json().errors).toEqual({ priceCents: 'The discount is larger than the price' });
    await call('PATCH', `${REPORTS}/discount`, trucker, { reportId, kind: 'amount', value: 65_000 });
    const cheaper = await call('PUT', DELIVERIES, trucker, {
      ...good({ priceCents: 60_000 }),
      reportId: undefined,
      id,
    });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().errors).toEqual({
      priceCents: 'The report discount is larger than the total of its deliveries',
    });
    const gone = await call('DELETE', `${DELIVERIES}?id=${id}`, trucker);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('The report discount is larger than the total of its deliveries');
    const [still] = (await call('GET', `${DELIVERIES}?reportId=${reportId}`, trucker)).json().result;
    expect(still).toMatchObject({ id, priceCents: 70_000, discountCents: 5_000 });
    await call('PATCH', `${REPORTS}/discount`, trucker, { reportId, kind: 'none' });
  });

  it('keeps a proof of delivery (type from the bytes) and answers it', async () => {
    const fake = multipartBody({}, [
      { name: 'proof', filename: 'sig.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
    ]);
    const refused = await t.call({ method: 'POST', url: `${DELIVERIES}/proof?id=${id}`, token: trucker, ...fake });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ proof: 'The proof of delivery must be a PNG, JPEG or WebP image' });
    const none = await t.call({
      method: 'POST',
      url: `${DELIVERIES}/proof?id=${id}`,
      token: trucker,
      ...multipartBody({ a: 'b' }),
    });
    expect(none.json().errors).toEqual({ proof: 'Choose a photo or signature image' });
    const png = multipartBody({}, [{ name: 'proof', filename: 'sig.txt', type: 'text/plain', bytes: PNG }]);
    const kept = await t.call({ method: 'POST', url: `${DELIVERIES}/proof?id=${id}`, token: trucker, ...png });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().result.proofType).toBe('image/png');
    const file = await call('GET', `${DELIVERIES}/proof?id=${id}`, trucker);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `${DELIVERIES}/proof?id=${id}`, otherTrucker)).statusCode).toBe(404);
    const theirs = await t.call({ method: 'POST', url: `${DELIVERIES}/proof?id=${id}`, token: otherTrucker, ...png });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses other roles (403) and another business (404)', async () => {
    expect((await call('POST', DELIVERIES, user, good())).statusCode).toBe(403);
    expect((await call('GET', `${DELIVERIES}?reportId=${reportId}`, user)).statusCode).toBe(403);
    expect((await call('DELETE', `${DELIVERIES}?id=${id}`, user)).statusCode).toBe(403);
    expect((await call('POST', DELIVERIES, trucker, good({ reportId: foreignReport }))).statusCode).toBe(404);
    expect((await call('GET', `${DELIVERIES}?reportId=${foreignReport}`, trucker)).statusCode).toBe(404);
    expect((await call('GET', `${DELIVERIES}?reportId=${reportId}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('PUT', DELIVERIES, otherTrucker, { ...good(), reportId: undefined, id })).statusCode).toBe(404);
    expect((await call('DELETE', `${DELIVERIES}?id=${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('PATCH', `${DELIVERIES}/discount`, otherTrucker, { id, kind: 'none' })).statusCode).toBe(404);
  });

  it('keeps an employee named on a delivery (409), and removes the delivery', async () => {
    await call('PUT', DELIVERIES, trucker, { ...good(), reportId: undefined, id });
    const keep = await call('DELETE', `/api/Business/employees?employeeId=${employeeId}`, trucker);
    expect(keep.statusCode).toBe(409);
    const gone = await call('DELETE', `${DELIVERIES}?id=${id}`, trucker);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', `${DELIVERIES}?reportId=${reportId}`, trucker)).json().result).toEqual([]);
    expect((await call('GET', `${DELIVERIES}/proof?id=${id}`, trucker)).statusCode).toBe(404);
  });
  it("removes a deleted report's proof files with its deliveries", async () => {
    const report = (
      await call('POST', REPORTS, trucker, {
        title: 'Report to delete',
        customerId: (await call('GET', `${REPORTS}/details?reportId=${reportId}`, trucker)).json().result.customerId,
        periodFrom: '2026-11-01',
        periodTo: '2026-11-30',
      })
    ).json().result;
    const delivery = (await call('POST', DELIVERIES, trucker, good({ reportId: report.id }))).json().result;
    const png = multipartBody({}, [{ name: 'proof', filename: 'sig.png', type: 'image/png', bytes: PNG }]);
    const proof = await t.call({
      method: 'POST',
      url: `${DELIVERIES}/proof?id=${delivery.id}`,
      token: trucker,
      ...png,
    });
    expect(proof.statusCode).toBe(200);
    const [row] = await t.db.database.db
      .select({ key: fleetDeliveries.proofKey })
      .from(fleetDeliveries)
      .where(eq(fleetDeliveries.id, delivery.id));
    expect(await t.app.ctx.storage.get(row!.key!)).not.toBeNull();
    expect((await call('DELETE', `${REPORTS}?reportId=${report.id}`, trucker)).statusCode).toBe(200);
    expect(await t.app.ctx.storage.get(row!.key!)).toBeNull();
  });
});

describe('demo data', () => {
  it("gives the demo fleet manager a few customers' reports with deliveries, one closed", async () => {
    const res = await call('GET', `${REPORTS}?perPage=50&sort=periodFrom&order=desc`, trucker);
    const seeded = res.json().result.filter((r: { title: string }) => /Harbor Foods|Green Valley/.test(r.title));
    expect(seeded).toHaveLength(3);
    expect(seeded.filter((r: { status: string }) => r.status === 'closed')).toHaveLength(1);
    for (const r of seeded) expect(r.deliveriesCount).toBeGreaterThan(0);
  });
});

/**
 * Fleet reports (declared resource + server/modules/reports) on the product brief's calls: POST
 * add; GET list (page, perPage); GET one, DELETE, PATCH close with query reportId; our PATCH
 * reopen; PATCH add discount; GET export (PDF or CSV, name in content-disposition). Good input,
 * each bad input, other roles 403, another business 404, a closed report read-only, the history
 * of close / reopen, and the exports' totals equal to the sum of their rows to the cent.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { businesses, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { parseCsv } from '../../server/resources/csv';
import { createTestApp, type TestApp } from './helpers/app';
import { pgUrl } from './helpers/database';

const REPORTS = '/api/Business/reports';
const DELIVERIES = '/api/Business/deliveries';

let t: TestApp;
let trucker: string;
let otherTrucker: string;
let clubOwner: string;
let user: string;
let customerId: string;
let foreignReport: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  trucker = (await t.login('trucker@demo.test')).access;
  clubOwner = (await t.login('clubowner@demo.test')).access;
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
    .values({ businessId: mine!.id, name: 'Reports Test Customer' })
    .returning();
  customerId = customer!.id as string;
  // Another fleet business's report, put there behind the API's back.
  const [theirCustomer] = await db
    .insert(tableOf('customers'))
    .values({ businessId: other!.businessId, name: 'Their Customer' })
    .returning();
  const [theirs] = await db
    .insert(tableOf('reports'))
    .values({
      businessId: other!.businessId,
      title: 'Not yours',
      customerId: theirCustomer!.id,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    })
    .returning();
  foreignReport = theirs!.id as string;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) => t.call({ method, url, token, payload });

const newReport = async (title = 'November runs') => {
  const res = await call('POST', REPORTS, trucker, {
    title,
    customerId,
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
    notes: 'Net 30',
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as { id: string; status: string };
};

const delivery = (reportId: string, over: object = {}) => ({
  reportId,
  deliveredOn: '2026-11-03',
  origin: 'Newark, NJ',
  destination: 'Dover, DE',
  distanceMiles: 128.5,
  weightLb: 12_000,
  priceCents: 45_000,
  ...over,
});

describe('reports', () => {
  let id: string;

  it('adds one (open, with zero totals) and answers it by GET one with query reportId', async () => {
    const made = await newReport();
    id = made.id;
    expect(made).toMatchObject({ status: 'open', deliveriesCount: 0, subtotalCents: 0, totalCents: 0 });
    const one = await call('GET', `${REPORTS}/details?reportId=${id}`, trucker);
    expect(one.statusCode).toBe(200);
    expect(one.json().result).toMatchObject({
      id,
      title: 'November runs',
      customerId,
      _labels: { customerId: 'Reports Test Customer' },
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
    });
  });

  it("refuses each bad field with the form's message", async () => {
    const res = await call('POST', REPORTS, trucker, {
      title: '',
      customerId: '00000000-0000-4000-8000-000000000000',
      periodFrom: '2026-11-30',
      periodTo: '2026-11-01',
      status: 'closed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      title: 'This field is required',
      customerId: 'The selected record does not exist',
      status: 'Invalid value',
    });
    const order = await call('POST', REPORTS, trucker, {
      title: 'Backwards',
      customerId,
      periodFrom: '2026-11-30',
      periodTo: '2026-11-01',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual({ periodTo: 'The period must end after it starts' });
  });

  it('lists with page and perPage and the paging header', async () => {
    await newReport('Second report');
    const res = await call('GET', `${REPORTS}?page=1&perPage=1`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toHaveLength(1);
    expect(JSON.parse(String(res.headers['x-paging-data'] ?? res.headers['paging-data'] ?? '{}'))).toBeTruthy();
    const all = await call('GET', `${REPORTS}?perPage=100`, trucker);
    const titles = all.json().result.map((r: { title: string }) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['November runs', 'Second report']));
    expect(titles).not.toContain('Not yours');
  });

  it("keeps the list's remembered total exact through adds, deletes and a write behind the API's back", async () => {
    const total = async () =>
      JSON.parse(String((await call('GET', `${REPORTS}?perPage=5`, trucker)).headers['paging-data'])).totalCount;
    const before = await total();
    expect(await total()).toBe(before); // the second answer comes from memory (exact-count.ts)
    const made = await newReport('Counted');
    expect(await total()).toBe(before + 1);
    const [business] = await t.db.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.companyName, 'Roadline Logistics'));
    const reports = tableOf('reports');
    await t.db.database.db.insert(reports).values({
      businessId: business!.id,
      title: 'Straight in',
      customerId,
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
    });
    expect(await total()).toBe(before + 2);
    await t.db.database.db.delete(reports).where(eq(reports.title!, 'Straight in'));
    expect((await call('DELETE', `${REPORTS}?reportId=${made.id}`, trucker)).statusCode).toBe(200);
    expect(await total()).toBe(before);
  });

  it("keeps the list's remembered totals exact through a delivery, its removal and a report discount", async () => {
    const made = await newReport('Totals remembered');
    const listed = async () => {
      const res = await call('GET', `${REPORTS}?perPage=100`, trucker);
      const row = res.json().result.find((r: { id: string }) => r.id === made.id);
      return { deliveriesCount: row.deliveriesCount, totalCents: row.totalCents };
    };
    expect(await listed()).toEqual({ deliveriesCount: 0, totalCents: 0 });
    expect(await listed()).toEqual({ deliveriesCount: 0, totalCents: 0 }); // from memory (computed-fields.ts)
    const added = await call('POST', DELIVERIES, trucker, delivery(made.id));
    expect(added.statusCode).toBe(200);
    expect(await listed()).toEqual({ deliveriesCount: 1, totalCents: 45_000 });
    const discounted = await call('PATCH', `${REPORTS}/discount`, trucker, {
      reportId: made.id,
      kind: 'amount',
      value: 5_000,
    });
    expect(discounted.statusCode).toBe(200);
    expect(await listed()).toEqual({ deliveriesCount: 1, totalCents: 40_000 });
    expect((await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: made.id, kind: 'none' })).statusCode).toBe(
      200,
    );
    expect(await listed()).toEqual({ deliveriesCount: 1, totalCents: 45_000 });
    const removed = await call('DELETE', `${DELIVERIES}?id=${added.json().result.id}`, trucker);
    expect(removed.statusCode).toBe(200);
    expect(await listed()).toEqual({ deliveriesCount: 0, totalCents: 0 });
  });

  it('takes deliveries and edits of one report at the same time without a deadlock', async () => {
    // A delivery's write locks the report's row, then touches the report; a plain edit takes the
    // table's version row first (the trigger of migration 0026). The delivery's write takes the
    // version row before the report's (lockTableVersion), so on PostgreSQL the two orders never
    // meet: every call answers 200, none a 500 from an aborted deadlock.
    const made = await newReport('Busy report');
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 2
        ? call('POST', DELIVERIES, trucker, delivery(made.id, { priceCents: 1000 + i }))
        : call('PUT', REPORTS, trucker, { id: made.id, notes: `Edit ${i}` }),
    );
    expect((await Promise.all(calls)).map((r) => r.statusCode)).toEqual(calls.map(() => 200));
  });

  it.skipIf(!pgUrl())(
    'times a history line when its change is made, not when its transaction began: a close that waited is listed after what it waited for (PostgreSQL)',
    async () => {
      const made = await newReport('Closed after a wait');
      const { db } = t.db.database;
      // Another writer holds the report's row; the close begins its transaction and waits for it.
      // The close is sent from outside that writer's transaction (the guard would take its queries
      // for ones sent inside it).
      let locked!: () => void;
      let release!: () => void;
      const haveLock = new Promise<void>((resolve) => (locked = resolve));
      const mayRelease = new Promise<void>((resolve) => (release = resolve));
      const writer = db.transaction(async (tx) => {
        await tx.execute(sql`select id from fleet_reports where id = ${made.id} for update`);
        locked();
        await mayRelease;
      });
      await haveLock;
      const closing = call('PATCH', `${REPORTS}/close?reportId=${made.id}`, trucker);
      await expect
        .poll(
          async () => {
            const waiting = await db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and query ilike '%fleet_reports%'`,
            );
            return (waiting.rows[0] as { n: number }).n;
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      const released = (await db.execute(sql`select clock_timestamp() as at`)).rows[0] as { at: string | Date };
      release();
      await writer;
      expect((await closing).statusCode).toBe(200);
      const [entry] = (await call('GET', `${REPORTS}/history?id=${made.id}`, trucker)).json().result as {
        at: string;
        changes: Record<string, unknown>;
      }[];
      expect(entry!.changes).toEqual({ status: { from: 'open', to: 'closed' } });
      expect(new Date(entry!.at).getTime()).toBeGreaterThanOrEqual(new Date(released.at).getTime());
    },
  );

  it('refuses other roles (403) and answers 404 for another business', async () => {
    for (const token of [clubOwner, user]) {
      expect((await call('GET', REPORTS, token)).statusCode).toBe(403);
      expect((await call('POST', REPORTS, token, { title: 'x' })).statusCode).toBe(403);
      expect((await call('PATCH', `${REPORTS}/close?reportId=${id}`, token)).statusCode).toBe(403);
      expect((await call('GET', `${REPORTS}/export?reportId=${id}`, token)).statusCode).toBe(403);
      expect((await call('GET', `${DELIVERIES}?reportId=${id}`, token)).statusCode).toBe(403);
    }
    expect((await call('GET', `${REPORTS}/details?reportId=${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('PATCH', `${REPORTS}/close?reportId=${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('DELETE', `${REPORTS}?reportId=${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('GET', `${REPORTS}/export?reportId=${foreignReport}`, trucker)).statusCode).toBe(404);
    expect((await call('GET', `${REPORTS}/export?reportId=${foreignReport}&format=csv`, trucker)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: foreignReport, kind: 'amount', value: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `${REPORTS}/details?reportId=not-a-uuid`, trucker)).statusCode).toBe(404);
  });

  it('sets, refuses and removes the report discount', async () => {
    await call('POST', DELIVERIES, trucker, delivery(id, { priceCents: 10_000 }));
    const tooMuch = await call('PATCH', `${REPORTS}/discount`, trucker, {
      reportId: id,
      kind: 'amount',
      value: 10_001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ value: 'The report discount is larger than the total of its deliveries' });
    const badPercent = await call('PATCH', `${REPORTS}/discount`, trucker, {
      reportId: id,
      kind: 'percent',
      value: 100.5,
    });
    expect(badPercent.json().errors).toEqual({ value: 'Enter a percent from 0 to 100, with at most 2 decimals' });
    const badKind = await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: id, kind: 'half', value: 1 });
    expect(badKind.json().errors).toMatchObject({ kind: 'Choose an amount or a percent' });
    const all = await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: id, kind: 'amount', value: 10_000 });
    expect(all.statusCode).toBe(200);
    expect(all.json().result).toMatchObject({ discountKind: 'amount', discountValue: 10_000, totalCents: 0 });
    const ten = await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: id, kind: 'percent', value: 12.5 });
    expect(ten.json().result).toMatchObject({
      discountKind: 'percent',
      discountValue: 1250,
      discountCents: 1250,
      totalCents: 8750,
    });
    const none = await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: id, kind: 'none' });
    expect(none.json().result).toMatchObject({ discountKind: null, discountValue: null, totalCents: 10_000 });
  });

  it('closes (read-only: no edit, delete, discount or delivery change) and reopens, both in its history', async () => {
    const closed = await call('PATCH', `${REPORTS}/close?reportId=${id}`, trucker);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result.status).toBe('closed');
    const again = await call('PATCH', `${REPORTS}/close?reportId=${id}`, trucker);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This report is already closed');

    const edit = await call('PUT', REPORTS, trucker, { id, title: 'Renamed' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ title: 'This record is closed: reopen it to change it' });
    expect((await call('DELETE', `${REPORTS}?reportId=${id}`, trucker)).statusCode).toBe(409);
    const discount = await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: id, kind: 'amount', value: 1 });
    expect(discount.statusCode).toBe(409);
    expect(discount.json().message).toBe('This report is closed: reopen it to change it');
    const add = await call('POST', DELIVERIES, trucker, delivery(id));
    expect(add.statusCode).toBe(409);
    const [line] = (await call('GET', `${DELIVERIES}?reportId=${id}`, trucker)).json().result;
    expect(
      (await call('PUT', DELIVERIES, trucker, { ...delivery(id), id: line.id, reportId: undefined })).statusCode,
    ).toBe(409);
    expect((await call('DELETE', `${DELIVERIES}?id=${line.id}`, trucker)).statusCode).toBe(409);
    expect(
      (await call('PATCH', `${DELIVERIES}/discount`, trucker, { id: line.id, kind: 'amount', value: 1 })).statusCode,
    ).toBe(409);

    const reopened = await call('PATCH', `${REPORTS}/reopen?reportId=${id}`, trucker);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().result.status).toBe('open');
    expect((await call('PATCH', `${REPORTS}/reopen?reportId=${id}`, trucker)).json().message).toBe(
      'This report is open already',
    );
    const history = await call('GET', `${REPORTS}/history?id=${id}&perPage=50`, trucker);
    const statuses = history
      .json()
      .result.filter(
        (e: { action: string; changes: Record<string, unknown> }) => e.action === 'update' && e.changes.status,
      )
      .map((e: { changes: { status: { from: string; to: string } }; actorName: string | null }) => [
        e.changes.status.from,
        e.changes.status.to,
        Boolean(e.actorName),
      ]);
    expect(statuses).toEqual([
      ['closed', 'open', true],
      ['open', 'closed', true],
    ]);
  });

  it('edits an open report with PUT and deletes it (its deliveries with it)', async () => {
    const made = await newReport('To delete');
    expect((await call('PUT', REPORTS, trucker, { id: made.id, title: 'Renamed' })).json().result.title).toBe(
      'Renamed',
    );
    await call('POST', DELIVERIES, trucker, delivery(made.id));
    const gone = await call('DELETE', `${REPORTS}?reportId=${made.id}`, trucker);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', `${REPORTS}/details?reportId=${made.id}`, trucker)).statusCode).toBe(404);
    expect((await call('GET', `${DELIVERIES}?reportId=${made.id}`, trucker)).statusCode).toBe(404);
  });

  it("lists the customer's reports among their contracted services", async () => {
    const res = await call('GET', `/api/Business/customers/contracted-services?customerId=${customerId}`, trucker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          kind: 'report',
          title: 'November runs',
          status: 'open',
          date: '2026-11-01',
          link: `/report_management/${id}/report_details`,
        }),
      ]),
    );
  });
});

describe('export', () => {
  let id: string;
  beforeAll(async () => {
    id = (await newReport('Export check')).id;
    const lines = [
      { priceCents: 10_000, discount: { kind: 'amount', value: 1000 } },
      { priceCents: 5_005, discount: { kind: 'percent', value: 10 } },
      { priceCents: 2_501, discount: null },
    ];
    for (const [i, line] of lines.entries()) {
      const made = await call(
        'POST',
        DELIVERIES,
        trucker,
        delivery(id, { priceCents: line.priceCents, deliveredOn: `2026-11-0${i + 1}`, origin: `=Origin ${i}` }),
      );
      if (line.discount)
        await call('PATCH', `${DELIVERIES}/discount`, trucker, { id: made.json().result.id, ...line.discount });
    }
    await call('PATCH', `${REPORTS}/discount`, trucker, { reportId: id, kind: 'percent', value: 5 });
  });

  it('answers CSV whose rows with their discounts add up to the totals the screen shows, to the cent', async () => {
    const report = (await call('GET', `${REPORTS}/details?reportId=${id}`, trucker)).json().result;
    // Lines 9000 + 4504 + 2501 = 16 005; 5 % of it is 800.25 → 800.
    expect(report).toMatchObject({
      deliveriesCount: 3,
      subtotalCents: 17_506,
      discountCents: 2301,
      totalCents: 15_205,
    });
    const res = await call('GET', `${REPORTS}/export?reportId=${id}&format=csv`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="report-2026-11-01-reports-test-customer.csv"',
    );
    const lines = parseCsv(res.body).map((r) => r.cells);
    expect(lines[0]).toEqual([
      'Date',
      'Origin',
      'Destination',
      'Distance (mi)',
      'Weight (lb)',
      'Employee',
      'Price',
      'Discount',
      'Discount amount',
      'Line total',
    ]);
    const rows = lines.slice(1, 4);
    expect(rows.map((r) => r[0])).toEqual(['11/01/2026', '11/02/2026', '11/03/2026']);
    // A cell a spreadsheet would run as a formula is quoted away.
    expect(rows[0]![1]).toBe("'=Origin 0");
    const cents = (text: string) => Math.round(Number(text) * 100);
    const totalsRow = (label: string) => cents(lines.find((l) => l[0] === label)![9]!);
    const rowsTotal = rows.reduce((sum, r) => sum + cents(r[9]!), 0);
    const rowsPrice = rows.reduce((sum, r) => sum + cents(r[6]!), 0);
    const rowsDiscount = rows.reduce((sum, r) => sum + cents(r[8]!), 0);
    expect(rowsPrice).toBe(totalsRow('Subtotal'));
    expect(-rowsDiscount).toBe(totalsRow('Delivery discounts'));
    expect(rowsTotal + totalsRow('Report discount')).toBe(totalsRow('Total'));
    expect(totalsRow('Total')).toBe(report.totalCents);
    expect(totalsRow('Subtotal') + totalsRow('Delivery discounts') + totalsRow('Report discount')).toBe(
      report.totalCents,
    );
  });

  it("writes its column headers and total labels in the reader's language (the Accept-Language the app sends)", async () => {
    const res = await t.call({
      method: 'GET',
      url: `${REPORTS}/export?reportId=${id}&format=csv`,
      token: trucker,
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    const lines = parseCsv(res.body).map((r) => r.cells);
    expect(lines[0]).toEqual([
      'Fecha',
      'Origen',
      'Destino',
      'Distancia (mi)',
      'Peso (lb)',
      'Empleado',
      'Precio',
      'Descuento',
      'Importe del descuento',
      'Total de la línea',
    ]);
    // Dates and money stay MM/DD/YYYY and dollars with a point, as every screen writes them.
    expect(lines[1]!.slice(0, 1)).toEqual(['11/01/2026']);
    expect(lines.slice(4).map((l) => [l[0], l[7], l[9]])).toEqual([
      ['Subtotal', '', '175.06'],
      ['Descuentos de entregas', '', '-15.01'],
      ['Descuento del informe', '5 %', '-8.00'],
      ['Total', '', '152.05'],
    ]);
    // A browser's own regional tag reads the same; a language without translations reads English.
    const mexican = await t.call({
      method: 'GET',
      url: `${REPORTS}/export?reportId=${id}&format=csv`,
      token: trucker,
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(parseCsv(mexican.body)[0]!.cells[0]).toBe('Fecha');
    const french = await t.call({
      method: 'GET',
      url: `${REPORTS}/export?reportId=${id}&format=csv`,
      token: trucker,
      headers: { 'accept-language': 'fr' },
    });
    expect(parseCsv(french.body)[0]!.cells[0]).toBe('Date');
  });

  it('answers a PDF by default, named for the period and customer, with the same total', async () => {
    const res = await call('GET', `${REPORTS}/export?reportId=${id}`, trucker);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="report-2026-11-01-reports-test-customer.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("writes the PDF's headings, columns, totals and page numbers in the reader's language", async () => {
    const pdfText = async (language: string) => {
      const res = await t.call({
        method: 'GET',
        url: `${REPORTS}/export?reportId=${id}`,
        token: trucker,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      const file = join(mkdtempSync(join(tmpdir(), 'report-pdf-')), 'r.pdf');
      writeFileSync(file, res.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    const spanish = await pdfText('es');
    for (const words of [
      'Informe de entregas: Export check',
      'Cliente: Reports Test Customer',
      'Periodo: 11/01/2026 - 11/30/2026',
      'Estado: Abierto',
      'Fecha',
      'Ruta',
      'Millas',
      'Peso (lb)',
      'Precio',
      'Descuentos de entregas',
      'Descuento del informe (5 %)',
      '$152.05',
      'Notas: Net 30',
      'Página 1 de 1',
    ])
      expect(spanish).toContain(words);
    for (const english of ['Delivery report', 'Customer:', 'Period:', 'Route', 'Weight', 'Page 1'])
      expect(spanish).not.toContain(english);
    const english = await pdfText('en-US');
    for (const words of [
      'Delivery report: Export check',
      'Status: Open',
      'Route',
      'Report discount (5 %)',
      'Page 1 of 1',
    ])
      expect(english).toContain(words);
  });

  it('refuses an unknown format', async () => {
    const res = await call('GET', `${REPORTS}/export?reportId=${id}&format=xls`, trucker);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ format: 'Choose pdf or csv' });
  });
});

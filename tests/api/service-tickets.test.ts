/**
 * Service tickets (product brief section 7, "Employees, customers, reports, deliveries"): a fleet manager's jobs for its customers, a declared resource under
 * /api/Business/service-tickets with the engine's state rules, multi-reference and audit, plus
 * the area's comments and attachments. Every call with good and bad input, the only status moves,
 * a closed ticket's read-only state and its reopening, other roles (403) and other businesses
 * (404, and their employees or customers refused), attachment types by bytes, history entries,
 * and the customer's contracted services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { serviceTicketAttachments } from '../../server/modules/service-tickets/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const BASE = '/api/Business/service-tickets';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let trucker: string;
let otherTrucker: string;
let clubOwner: string;
let it_: string;
let employees: string[];
let customer: string;
let customerName: string;
let employeeLabels: Record<string, string>;
let foreignEmployee: string;
let foreignCustomer: string;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, payload });
const update = (id: string, payload: object, token = trucker) => call('PATCH', `${BASE}/${id}`, token, payload);
const attach = (id: string, bytes: Buffer, filename: string, token = trucker, type = 'application/octet-stream') =>
  t.call({
    method: 'POST',
    url: `${BASE}/${id}/attachments`,
    token,
    ...multipartBody({}, [{ name: 'file', filename, type, bytes }]),
  });

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  trucker = (await t.login('trucker@demo.test')).access;
  clubOwner = (await t.login('clubowner@demo.test')).access;
  it_ = (await t.login('it@demo.test')).access;
  const [other] = await t.db.database.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'TRUCKER'), eq(users.status, 'active')))
    .then((rows) => rows.filter((r) => r.email !== 'trucker@demo.test'));
  otherTrucker = (await t.login(other!.email)).access;
  const list = async (url: string, token: string) => (await call('GET', url, token)).json().result as Json[];
  const crew = await list('/api/Business/employees?perPage=50', trucker);
  employees = crew.map((e) => e.id as string);
  employeeLabels = Object.fromEntries(crew.map((e) => [e.id as string, e.lastName as string]));
  const firstCustomer = (await list('/api/Business/customers?perPage=50', trucker))[0]!;
  customer = firstCustomer.id as string;
  customerName = firstCustomer.name as string;
  const e = await call('POST', '/api/Business/employees', otherTrucker, {
    firstName: 'Not',
    lastName: 'Mine',
    fleetRole: 'driver',
  });
  foreignEmployee = e.json().result.id;
  const c = await call('POST', '/api/Business/customers', otherTrucker, { name: 'Foreign Freight LLC' });
  foreignCustomer = c.json().result.id;
});
afterAll(() => t.close());

const good = () => ({
  title: 'Replace trailer brake lines',
  customer,
  address: '1200 Industrial Pkwy, Austin TX',
  priority: 'high',
  description: 'Both rear axles.',
});

describe('creating', () => {
  it('opens a ticket (status open, labels for the customer and the crew)', async () => {
    const res = await call('POST', BASE, trucker, { ...good(), assignedEmployees: [employees[0], employees[1]] });
    expect(res.statusCode).toBe(200);
    const made = res.json().result;
    expect(made).toMatchObject({ title: 'Replace trailer brake lines', status: 'open', priority: 'high' });
    expect(made.assignedEmployees).toEqual([employees[0], employees[1]]);
    expect(made._labels.customer).toEqual(expect.any(String));
    expect(made._labels.assignedEmployees).toHaveLength(2);
    expect(made._labels.assignedEmployees.every((l: unknown) => typeof l === 'string')).toBe(true);
  });

  it('names each bad field with the form message', async () => {
    const res = await call('POST', BASE, trucker, {
      title: 'x',
      customer: 'not-a-uuid',
      address: '',
      priority: 'whenever',
      scheduledDate: '2026-02-30',
      windowStart: '25:00',
      assignedEmployees: 'everyone',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: 'Must be at least 3 characters long',
      // Not an id at all: the one message of a malformed id (record-id.ts); an unknown customer is "does not exist".
      customer: 'This id is not valid',
      address: 'This field is required',
      priority: 'Choose one of the listed values',
      scheduledDate: 'Enter a valid date',
      windowStart: 'Enter a time between 00:00 and 23:59',
      assignedEmployees: 'The selected record does not exist',
    });
  });

  it('refuses unknown fields, too many employees and a window that ends before it starts', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await call('POST', BASE, trucker, { ...good(), assignedEmployees: many, color: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ assignedEmployees: 'Choose at most 10', color: 'Invalid value' });
    const window = await call('POST', BASE, trucker, { ...good(), windowStart: '14:00', windowEnd: '09:00' });
    expect(window.statusCode).toBe(400);
    expect(window.json().errors).toEqual({ windowEnd: 'The window must end after it starts' });
  });

  it("refuses another business's employee or customer as if they did not exist, writing nothing", async () => {
    const before = (await call('GET', `${BASE}?perPage=100`, trucker)).json().result.length;
    const res = await call('POST', BASE, trucker, {
      ...good(),
      customer: foreignCustomer,
      assignedEmployees: [employees[0], foreignEmployee],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      customer: 'The selected record does not exist',
      assignedEmployees: 'The selected record does not exist',
    });
    expect((await call('GET', `${BASE}?perPage=100`, trucker)).json().result.length).toBe(before);
  });

  it('starts only open or scheduled, and scheduled needs its date', async () => {
    const done = await call('POST', BASE, trucker, { ...good(), status: 'done', scheduledDate: '2026-12-01' });
    expect(done.statusCode).toBe(400);
    expect(done.json().errors).toEqual({ status: 'This status cannot follow the current one' });
    const undated = await call('POST', BASE, trucker, { ...good(), status: 'scheduled' });
    expect(undated.json().errors).toEqual({ scheduledDate: 'Choose the date to schedule this ticket' });
    const dated = await call('POST', BASE, trucker, { ...good(), status: 'scheduled', scheduledDate: '2026-12-01' });
    expect(dated.statusCode).toBe(200);
    expect(dated.json().result.status).toBe('scheduled');
  });
});

describe('the status moves', () => {
  let id: string;
  beforeAll(async () => {
    id = (await call('POST', BASE, trucker, { ...good(), title: 'Reefer unit service' })).json().result.id;
  });

  it('open → scheduled needs a date; skipping a step is refused', async () => {
    expect((await update(id, { status: 'scheduled' })).json().errors).toEqual({
      scheduledDate: 'Choose the date to schedule this ticket',
    });
    const skip = await update(id, { status: 'in_progress' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().errors).toEqual({ status: 'This status cannot follow the current one' });
    const done = await update(id, { status: 'done' });
    expect(done.json().errors.status).toBe('This status cannot follow the current one');
    const scheduled = await update(id, {
      status: 'scheduled',
      scheduledDate: '2026-12-03',
      windowStart: '08:00',
      windowEnd: '12:30',
      assignedEmployees: [employees[2]],
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().result).toMatchObject({ status: 'scheduled', windowStart: '08:00', windowEnd: '12:30' });
  });

  it('a scheduled ticket keeps its date; back to open is not a move', async () => {
    expect((await update(id, { scheduledDate: null })).json().errors).toEqual({
      scheduledDate: 'Choose the date to schedule this ticket',
    });
    expect((await update(id, { status: 'open' })).json().errors.status).toBe(
      'This status cannot follow the current one',
    );
  });

  it('scheduled → in progress → done; a done ticket is read-only and cannot be deleted', async () => {
    expect((await update(id, { status: 'in_progress' })).json().result.status).toBe('in_progress');
    expect((await update(id, { status: 'done' })).json().result.status).toBe('done');
    const edit = await update(id, { title: 'Changed after the fact', priority: 'low' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({
      title: 'This record is closed: reopen it to change it',
      priority: 'This record is closed: reopen it to change it',
    });
    const del = await call('DELETE', `${BASE}/${id}`, trucker);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This record is closed: reopen it to change it');
    const comment = await call('POST', `${BASE}/${id}/comments`, trucker, { text: 'One more thing' });
    expect(comment.statusCode).toBe(409);
    expect((await attach(id, PNG, 'late.png')).statusCode).toBe(409);
  });

  it('a done ticket reopens to in progress (and only there); then it can change again', async () => {
    expect((await update(id, { status: 'open' })).json().errors.status).toBe(
      'This status cannot follow the current one',
    );
    const reopened = await update(id, { status: 'in_progress' });
    expect(reopened.statusCode).toBe(200);
    expect((await update(id, { priority: 'urgent' })).json().result.priority).toBe('urgent');
  });

  it('cancelled from any unfinished state, closed, and reopened to open', async () => {
    expect((await update(id, { status: 'cancelled' })).json().result.status).toBe('cancelled');
    expect((await update(id, { title: 'Nope' })).statusCode).toBe(400);
    expect((await update(id, { status: 'in_progress' })).json().errors.status).toBe(
      'This status cannot follow the current one',
    );
    expect((await update(id, { status: 'open' })).json().result.status).toBe('open');
  });

  it('every change is in the history: who, and each field from → to', async () => {
    const res = await call('GET', `${BASE}/history?id=${id}&perPage=50`, trucker);
    expect(res.statusCode).toBe(200);
    const entries = res.json().result as { action: string; actorName: string; changes: Json }[];
    const moves = entries
      .filter((e) => e.changes.status)
      .map((e) => e.changes.status as { from: string; to: string })
      .reverse();
    expect(moves).toEqual([
      { from: null, to: 'open' },
      { from: 'open', to: 'scheduled' },
      { from: 'scheduled', to: 'in_progress' },
      { from: 'in_progress', to: 'done' },
      { from: 'done', to: 'in_progress' },
      { from: 'in_progress', to: 'cancelled' },
      { from: 'cancelled', to: 'open' },
    ]);
    expect(entries.every((e) => e.actorName === 'Tom Fleet')).toBe(true);
    const crew = entries.find((e) => e.changes.assignedEmployees)!.changes.assignedEmployees;
    expect(crew).toEqual({ from: [], to: [employees[2]] });
  });

  it('names the records a change points at, as a person knows them: the customer, the crew', async () => {
    const entries = (await call('GET', `${BASE}/history?id=${id}&perPage=50`, trucker)).json().result as {
      changes: Json;
      labels: Record<string, string>;
    }[];
    const created = entries.at(-1)!;
    expect(created.changes.customer).toEqual({ from: null, to: customer });
    expect(created.labels[customer]).toBe(customerName);
    const assigned = entries.find((e) => e.changes.assignedEmployees)!;
    expect(assigned.labels).toEqual({ [employees[2]!]: employeeLabels[employees[2]!] });
  });
});

describe('comments and attachments', () => {
  let id: string;
  beforeAll(async () => {
    id = (await call('POST', BASE, trucker, { ...good(), title: 'Liftgate repair' })).json().result.id;
  });

  it('adds a comment (who, when, text) and audits it', async () => {
    const res = await call('POST', `${BASE}/${id}/comments`, trucker, { text: '  Parts ordered, ETA Friday.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ text: 'Parts ordered, ETA Friday.', authorName: 'Tom Fleet' });
    const list = (await call('GET', `${BASE}/${id}/comments`, trucker)).json().result;
    expect(list.map((c: Json) => c.text)).toEqual(['Parts ordered, ETA Friday.']);
    const history = (await call('GET', `${BASE}/history?id=${id}`, trucker)).json().result;
    expect(history[0].changes).toEqual({ comment: { from: null, to: 'Parts ordered, ETA Friday.' } });
  });

  it("tells open screens of the ticket (the hub's records event for this business and ticket)", async () => {
    const seen: unknown[] = [];
    const publish = t.app.ctx.hub.publish.bind(t.app.ctx.hub);
    t.app.ctx.hub.publish = (event) => {
      seen.push(event);
      return publish(event);
    };
    try {
      await call('POST', `${BASE}/${id}/comments`, trucker, { text: 'Driver on the way.' });
      await attach(id, PNG, 'map.png');
    } finally {
      t.app.ctx.hub.publish = publish;
    }
    const ticket = (await call('GET', `${BASE}/${id}`, trucker)).json().result;
    const event = {
      kind: 'records',
      resource: 'serviceTickets',
      action: 'updated',
      businessIds: [ticket.businessId],
      ids: [id],
    };
    expect(seen).toEqual([event, event]);
  });

  it('refuses an empty or too long comment with the form message', async () => {
    const empty = await call('POST', `${BASE}/${id}/comments`, trucker, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ text: 'Write a comment' });
    const long = await call('POST', `${BASE}/${id}/comments`, trucker, { text: 'x'.repeat(2001) });
    expect(long.json().errors).toEqual({ text: 'Must be at most 2000 characters long' });
  });

  it('attaches a PNG and a PDF (type by bytes), lists them and serves the file back', async () => {
    const png = await attach(id, PNG, 'dent.png', trucker, 'image/png');
    expect(png.statusCode).toBe(200);
    expect(png.json().result).toMatchObject({ fileName: 'dent.png', contentType: 'image/png', size: PNG.length });
    // The name says .txt, the bytes say PDF: the bytes decide.
    const pdf = await attach(id, PDF, 'invoice.txt');
    expect(pdf.json().result).toMatchObject({ fileName: 'invoice.txt', contentType: 'application/pdf' });
    const list = (await call('GET', `${BASE}/${id}/attachments`, trucker)).json().result;
    expect(list.map((a: Json) => a.fileName)).toEqual(['map.png', 'dent.png', 'invoice.txt']);
    const file = await call('GET', `${BASE}/${id}/attachments/${png.json().result.id}`, trucker);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''dent.png");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const history = (await call('GET', `${BASE}/history?id=${id}`, trucker)).json().result;
    expect(history[0].changes).toEqual({ attachment: { from: null, to: 'invoice.txt' } });
  });

  it('refuses a file whose bytes are not an accepted type (a script named .png), storing nothing', async () => {
    const before = await t.db.database.db.select().from(serviceTicketAttachments);
    const res = await attach(
      id,
      Buffer.from('<script>alert(1)</script>\n'.repeat(4)),
      'photo.png',
      trucker,
      'image/png',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: 'Attach a PDF, PNG, JPEG or WebP file' });
    expect(await t.db.database.db.select().from(serviceTicketAttachments)).toHaveLength(before.length);
  });

  it('refuses a file over 10 MB and a request with no file', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await attach(id, big, 'huge.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: 'The file must be at most 10 MB' });
    const none = await t.call({
      method: 'POST',
      url: `${BASE}/${id}/attachments`,
      token: trucker,
      ...multipartBody({ x: '1' }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ file: 'Choose a file to attach' });
  });
});

describe('refusals', () => {
  let id: string;
  let attachmentId: string;
  beforeAll(async () => {
    id = (await call('POST', BASE, trucker, { ...good(), title: 'Tyre rotation' })).json().result.id;
    attachmentId = (await attach(id, PNG, 'a.png')).json().result.id;
  });

  it('other roles get 403 on every call', async () => {
    for (const token of [clubOwner, it_]) {
      expect((await call('GET', BASE, token)).statusCode).toBe(403);
      expect((await call('GET', `${BASE}/${id}`, token)).statusCode).toBe(403);
      expect((await call('POST', BASE, token, good())).statusCode).toBe(403);
      expect((await update(id, { priority: 'low' }, token)).statusCode).toBe(403);
      expect((await call('DELETE', `${BASE}/${id}`, token)).statusCode).toBe(403);
      expect((await call('GET', `${BASE}/${id}/comments`, token)).statusCode).toBe(403);
      expect((await call('POST', `${BASE}/${id}/comments`, token, { text: 'hi' })).statusCode).toBe(403);
      expect((await attach(id, PNG, 'x.png', token)).statusCode).toBe(403);
      expect((await call('GET', `${BASE}/${id}/attachments/${attachmentId}`, token)).statusCode).toBe(403);
    }
  });

  it("another fleet business gets 404 for this business's ticket, its comments and files", async () => {
    expect((await call('GET', `${BASE}/${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await update(id, { priority: 'low' }, otherTrucker)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${id}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${id}/comments`, otherTrucker)).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${id}/comments`, otherTrucker, { text: 'hi' })).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${id}/attachments`, otherTrucker)).statusCode).toBe(404);
    expect((await attach(id, PNG, 'x.png', otherTrucker)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${id}/attachments/${attachmentId}`, otherTrucker)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/history?id=${id}`, otherTrucker)).json().result).toEqual([]);
    const theirs = (await call('GET', BASE, otherTrucker)).json().result as Json[];
    expect(theirs.some((r) => r.id === id)).toBe(false);
  });

  it("an update naming another business's employee is refused and changes nothing", async () => {
    const res = await update(id, { assignedEmployees: [foreignEmployee], priority: 'urgent' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ assignedEmployees: 'The selected record does not exist' });
    expect((await call('GET', `${BASE}/${id}`, trucker)).json().result.priority).toBe('high');
  });

  it('an employee on a ticket cannot be deleted (409); a customer with tickets neither', async () => {
    const assigned = await update(id, { assignedEmployees: [employees[3]] });
    expect(assigned.statusCode).toBe(200);
    const del = await call('DELETE', `/api/Business/employees?employeeId=${employees[3]}`, trucker);
    expect(del.statusCode).toBe(409);
    const delCustomer = await call('DELETE', `/api/Business/customers?customerId=${customer}`, trucker);
    expect(delCustomer.statusCode).toBe(409);
  });

  it('an open ticket deletes, with its comments and files', async () => {
    const del = await call('DELETE', `${BASE}/${id}`, trucker);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${id}`, trucker)).statusCode).toBe(404);
    const left = await t.db.database.db
      .select()
      .from(serviceTicketAttachments)
      .where(eq(serviceTicketAttachments.ticketId, id));
    expect(left).toEqual([]);
  });
});

describe('lists and contracted services', () => {
  it('filters by status and searches the title and address', async () => {
    const scheduled = (await call('GET', `${BASE}?status=scheduled&perPage=100`, trucker)).json().result as Json[];
    expect(scheduled.length).toBeGreaterThan(0);
    expect(scheduled.every((r) => r.status === 'scheduled')).toBe(true);
    const found = (await call('GET', `${BASE}?query=industrial&perPage=100`, trucker)).json().result as Json[];
    expect(found.length).toBeGreaterThan(0);
    const bad = await call('GET', `${BASE}?status=sleeping`, trucker);
    expect(bad.statusCode).toBe(400);
  });

  it("the customer's contracted services list its tickets, linked to their pages", async () => {
    const res = await call('GET', `/api/Business/customers/contracted-services?customerId=${customer}`, trucker);
    expect(res.statusCode).toBe(200);
    const tickets = (res.json().result as Json[]).filter((r) => r.kind === 'serviceTicket');
    expect(tickets.some((r) => r.title === 'Reefer unit service' && r.status === 'open')).toBe(true);
    expect(tickets.every((r) => String(r.link).startsWith('/ticket_management/'))).toBe(true);
    const foreign = await call(
      'GET',
      `/api/Business/customers/contracted-services?customerId=${customer}`,
      otherTrucker,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

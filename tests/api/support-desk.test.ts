/**
 * The support desk (/api/Ticket, /api/Business/lookup): a user opens, follows, replies to,
 * closes and reopens their own tickets; IT sees every ticket, replies, writes internal notes the
 * opener never sees, assigns, sets status and priority, and looks businesses up read-only. Every
 * bad field answers 400 naming it with the form's message; another user's ticket is a 404; the
 * IT-only calls refuse every other role; a reply from IT notifies the opener.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { users } from '../../server/db/schema';
import { supportTickets } from '../../server/modules/support/tables';
import { pushServiceOf } from '../../server/modules/notifications/push-service';
import { createTestApp, type TestApp } from './helpers/app';
import { FakeSender, PUSH_KEYS } from './helpers/push';
import { multipartBody } from './helpers/multipart-body';

const work = mkdtempSync(join(tmpdir(), 'bo-support-'));
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  for (const who of ['user', 'it', 'clubowner', 'trucker', 'mover', 'admin']) {
    const { access, res } = await t.login(`${who}@demo.test`);
    tok[who] = access;
    ids[who] = res.json().result.id;
  }
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object, query?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}), ...(query ? { query: query as never } : {}) });
const open = (token: string, body: object = {}) =>
  call('POST', '/api/Ticket', token, {
    subject: 'Cannot download my invoice',
    category: 'billing',
    description: 'The download button does nothing on the billing page.',
    priority: 'high',
    ...body,
  });
const get = (id: string, token: string) => call('GET', `/api/Ticket/${id}`, token);
const reply = (id: string, token: string, body: object) => call('POST', `/api/Ticket/${id}/replies`, token, body);

describe('opening a ticket', () => {
  it('opens a ticket for the caller, with their business, and lists it first among theirs', async () => {
    const res = await open(tok.user!);
    expect(res.statusCode).toBe(200);
    const ticket = res.json().result;
    expect(ticket).toMatchObject({
      subject: 'Cannot download my invoice',
      category: 'billing',
      priority: 'high',
      status: 'open',
      messages: [],
      attachments: [],
      assignee: null,
      canReopen: false,
      opener: { id: ids.user, email: 'user@demo.test' },
    });
    expect(ticket.business?.name).toBe('Bright Studio');
    expect(ticket.number).toBeGreaterThan(0);
    const list = await call('GET', '/api/Ticket', tok.user!, undefined, { page: 1, perPage: 5 });
    expect(list.statusCode).toBe(200);
    expect(list.json().result[0]).toMatchObject({ id: ticket.id, newReply: false });
    expect(JSON.parse(String(list.headers['paging-data']))).toMatchObject({ currentPage: 1 });
  });

  it('refuses each bad field with the form message, and stores nothing', async () => {
    const before = (await t.db.database.db.select({ n: sql<number>`count(*)::int` }).from(supportTickets))[0]!.n;
    const cases: [object, string, string][] = [
      [{ subject: '  ' }, 'subject', MESSAGES.supportSubjectRequired],
      [{ subject: 'x'.repeat(121) }, 'subject', MESSAGES.supportSubjectTooLong],
      [{ category: 'refund' }, 'category', MESSAGES.supportCategoryInvalid],
      [{ description: 'short' }, 'description', MESSAGES.supportDescriptionTooShort],
      [{ description: '' }, 'description', MESSAGES.supportDescriptionRequired],
      [{ description: 'y'.repeat(5001) }, 'description', MESSAGES.supportDescriptionTooLong],
      [{ priority: 'asap' }, 'priority', MESSAGES.supportPriorityInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await open(tok.user!, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    const missing = await call('POST', '/api/Ticket', tok.user!, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      subject: MESSAGES.supportSubjectRequired,
      category: MESSAGES.supportCategoryInvalid,
      description: MESSAGES.supportDescriptionRequired,
    });
    const after = (await t.db.database.db.select({ n: sql<number>`count(*)::int` }).from(supportTickets))[0]!.n;
    expect(after).toBe(before);
  });

  it('any signed-in role may open one; signed out may not', async () => {
    for (const who of ['it', 'clubowner', 'trucker', 'mover', 'admin']) {
      expect((await open(tok[who]!, { subject: `From ${who}` })).statusCode, who).toBe(200);
    }
    expect((await t.call({ method: 'POST', url: '/api/Ticket', payload: {} })).statusCode).toBe(401);
  });
});

describe('who sees a ticket', () => {
  it("another user's ticket is a 404 on every call; IT sees it", async () => {
    const id = (await open(tok.user!)).json().result.id as string;
    for (const who of ['clubowner', 'trucker', 'mover', 'admin']) {
      expect((await get(id, tok[who]!)).statusCode, who).toBe(404);
      expect((await reply(id, tok[who]!, { body: 'hi' })).statusCode, who).toBe(404);
      expect((await call('POST', `/api/Ticket/${id}/close`, tok[who]!)).statusCode, who).toBe(404);
      expect((await call('POST', `/api/Ticket/${id}/reopen`, tok[who]!)).statusCode, who).toBe(404);
      const mine = (await call('GET', '/api/Ticket', tok[who]!, undefined, { perPage: 100 })).json().result;
      expect(
        mine.some((r: { id: string }) => r.id === id),
        who,
      ).toBe(false);
    }
    expect((await get(id, tok.it!)).statusCode).toBe(200);
    expect((await get('00000000-0000-4000-8000-000000000000', tok.it!)).statusCode).toBe(404);
  });

  it("refuses a malformed or over-long id in the path with the app's own message, before any lookup", async () => {
    const id = (await open(tok.user!)).json().result.id as string;
    for (const bad of ['not-a-uuid', 'a'.repeat(65)]) {
      const refusals = [
        [await get(bad, tok.user!), 'ticketId'],
        [await reply(bad, tok.user!, { body: 'hi' }), 'ticketId'],
        [await call('POST', `/api/Ticket/${bad}/close`, tok.user!), 'ticketId'],
        [await call('PATCH', `/api/Ticket/${bad}/status`, tok.it!, { status: 'closed' }), 'ticketId'],
        [await call('GET', `/api/Ticket/${bad}/attachments/${id}`, tok.user!), 'ticketId'],
        [await call('GET', `/api/Ticket/${id}/attachments/${bad}`, tok.user!), 'attachmentId'],
        [await call('GET', `/api/Business/lookup/${bad}`, tok.it!), 'businessId'],
      ] as const;
      for (const [res, field] of refusals) {
        expect(res.statusCode, `${field} ${bad} ${res.body}`).toBe(400);
        expect(res.json().errors[field], bad).toBe(MESSAGES.idInvalid);
      }
    }
  });
});

describe('the conversation', () => {
  let id: string;
  beforeAll(async () => {
    id = (await open(tok.user!, { subject: 'Conversation ticket' })).json().result.id;
  });

  it("IT's reply reaches the opener, marks it 'new reply' and notifies them; an internal note never does", async () => {
    const before = await call('GET', '/api/Notification/notifications', tok.user!, undefined, { perPage: 100 });
    const count0 = JSON.parse(String(before.headers['paging-data'])).totalCount as number;

    const note = await reply(id, tok.it!, { body: 'Looks like the PDF worker is down', internal: true });
    expect(note.statusCode).toBe(200);
    const answered = await reply(id, tok.it!, { body: 'We are on it, thanks for the report.' });
    expect(answered.statusCode).toBe(200);

    const staffView = (await get(id, tok.it!)).json().result;
    expect(staffView.messages.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
      ['note', 'Looks like the PDF worker is down'],
      ['reply', 'We are on it, thanks for the report.'],
    ]);
    const userView = (await get(id, tok.user!)).json().result;
    expect(userView.messages).toHaveLength(1);
    expect(userView.messages[0]).toMatchObject({ kind: 'reply', author: { staff: true } });
    expect(JSON.stringify(userView)).not.toContain('PDF worker');

    const mine = (await call('GET', '/api/Ticket', tok.user!, undefined, { perPage: 100 })).json().result;
    expect(mine.find((r: { id: string }) => r.id === id)).toMatchObject({ newReply: true });

    const after = await call('GET', '/api/Notification/notifications', tok.user!, undefined, { perPage: 100 });
    expect(JSON.parse(String(after.headers['paging-data'])).totalCount).toBe(count0 + 1);
    expect(after.json().result[0]).toMatchObject({ title: MESSAGES.supportReplyTitle, type: 'support' });
    expect(after.json().result[0].message).toContain('Conversation ticket');
  });

  it("sends the opener a web push for IT's reply that opens the ticket, not the notifications list", async () => {
    const fake = new FakeSender();
    pushServiceOf(t.app.ctx)!.sender = fake;
    const endpoint = 'https://fcm.googleapis.com/fcm/send/support-desk-user';
    const sub = await call('POST', '/api/Notification/subscribe-push', tok.user!, { endpoint, keys: PUSH_KEYS });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await reply(id, tok.it!, { body: 'Fixed on our side, please try again.' })).statusCode).toBe(200);
    await pushServiceOf(t.app.ctx)!.idle();
    expect(fake.sent.map((s) => [s.target.endpoint, s.payload.url])).toEqual([[endpoint, `/tickets?ticket=${id}`]]);
  });

  it('the opener replies; a reply to a ticket waiting on them puts it back to open', async () => {
    expect((await call('PATCH', `/api/Ticket/${id}/status`, tok.it!, { status: 'waiting_on_user' })).statusCode).toBe(
      200,
    );
    const res = await reply(id, tok.user!, { body: 'Here is what I see.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.status).toBe('open');
    const desk = (await call('GET', '/api/Ticket/desk', tok.it!, undefined, { perPage: 100 })).json().result;
    expect(desk.find((r: { id: string }) => r.id === id)).toMatchObject({ awaitingReply: true });
  });

  it('refuses an empty or too long reply, and an internal note from the opener', async () => {
    const empty = await reply(id, tok.user!, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBe(MESSAGES.supportReplyRequired);
    const long = await reply(id, tok.user!, { body: 'z'.repeat(5001) });
    expect(long.json().errors.body).toBe(MESSAGES.supportReplyTooLong);
    const note = await reply(id, tok.user!, { body: 'secret', internal: true });
    expect(note.statusCode).toBe(403);
    expect(note.json().message).toBe(MESSAGES.supportNoteStaffOnly);
    const staffView = (await get(id, tok.it!)).json().result;
    expect(JSON.stringify(staffView)).not.toContain('secret');
  });
});

describe('closing and reopening', () => {
  it('the opener closes; replies are refused until reopened; reopening works within 14 days only', async () => {
    const id = (await open(tok.user!)).json().result.id as string;
    const closed = await call('POST', `/api/Ticket/${id}/close`, tok.user!);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result).toMatchObject({ status: 'closed', canReopen: true });
    expect(closed.json().result.reopenUntil).toBeTruthy();
    expect((await call('POST', `/api/Ticket/${id}/close`, tok.user!)).json().message).toBe(
      MESSAGES.supportAlreadyClosed,
    );
    const refused = await reply(id, tok.user!, { body: 'one more thing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.supportTicketClosed);

    const reopened = await call('POST', `/api/Ticket/${id}/reopen`, tok.user!);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().result).toMatchObject({ status: 'open', closedAt: null });
    const notClosed = await call('POST', `/api/Ticket/${id}/reopen`, tok.user!);
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json().message).toBe(MESSAGES.supportNotClosed);

    // Closed 15 days ago: too late for the opener, not for IT.
    await call('POST', `/api/Ticket/${id}/close`, tok.user!);
    await t.db.database.db
      .update(supportTickets)
      .set({ closedAt: new Date(t.clock.now - 15 * 24 * 3600 * 1000) })
      .where(eq(supportTickets.id, id));
    expect((await get(id, tok.user!)).json().result.canReopen).toBe(false);
    const late = await call('POST', `/api/Ticket/${id}/reopen`, tok.user!);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.supportReopenExpired);
    expect((await call('POST', `/api/Ticket/${id}/reopen`, tok.it!)).statusCode).toBe(200);

    // The status changes are in the conversation for the opener to read.
    const lines = (await get(id, tok.user!)).json().result.messages as { kind: string; event: { to: string } }[];
    expect(lines.filter((m) => m.kind === 'event').map((m) => m.event.to)).toEqual([
      'closed',
      'open',
      'closed',
      'open',
    ]);
  });

  it("reads whether the opener may still reopen by the app's clock, not the machine's", async () => {
    const DAY = 24 * 3_600_000;
    const id = (await open(tok.user!)).json().result.id as string;
    await call('POST', `/api/Ticket/${id}/close`, tok.user!);
    // Closed 15 days before the app's clock, so before the machine's too (which only moves on from it).
    await t.db.database.db
      .update(supportTickets)
      .set({ closedAt: new Date(t.clock.now - 15 * DAY) })
      .where(eq(supportTickets.id, id));
    expect((await get(id, tok.user!)).json().result.canReopen).toBe(false);
    // Two days earlier by the app's clock it was closed 13 days ago; the machine's clock says 15.
    t.clock.advance(-2 * DAY);
    try {
      expect((await get(id, tok.user!)).json().result.canReopen).toBe(true);
      const reopened = await call('POST', `/api/Ticket/${id}/reopen`, tok.user!);
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json().result.status).toBe('open');
    } finally {
      t.clock.advance(2 * DAY);
    }
  });
});

describe("IT's desk", () => {
  let id: string;
  let otherIt: string;
  beforeAll(async () => {
    id = (await open(tok.clubowner!, { subject: 'Desk ticket zebra', priority: 'low', category: 'bug' })).json().result
      .id;
    const [row] = await t.db.database.db
      .insert(users)
      .values({ email: 'it2@demo.test', passwordHash: 'x', role: 'IT', firstName: 'Iris', lastName: 'Second' })
      .returning({ id: users.id });
    otherIt = row!.id;
  });

  it('refuses a search over 200 characters in characters, on the desk and the lookup, and takes 200', async () => {
    for (const url of ['/api/Ticket/desk', '/api/Business/lookup']) {
      const long = await call('GET', url, tok.it!, undefined, { query: 'Blue Note '.repeat(20) + 'x' });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ query: 'Must be at most 200 characters long' });
      expect((await call('GET', url, tok.it!, undefined, { query: 'x'.repeat(200) })).statusCode).toBe(200);
    }
  });

  it('lists every business’s tickets with filters and search, paged', async () => {
    const all = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { perPage: 2 });
    expect(all.statusCode).toBe(200);
    expect(all.json().result).toHaveLength(2);
    expect(JSON.parse(String(all.headers['paging-data'])).totalCount).toBeGreaterThan(5);
    const found = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query: 'zebra' });
    expect(found.json().result.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(found.json().result[0]).toMatchObject({
      opener: { email: 'clubowner@demo.test' },
      business: { name: 'Blue Note Club' },
      assignee: null,
      priority: 'low',
    });
    const byOwner = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query: 'Blue Note', priority: 'low' });
    expect(byOwner.json().result.map((r: { id: string }) => r.id)).toContain(id);
    // Accents and case are ignored on both sides, on both engines (the file is in ENGINE_SUBJECT).
    const folded = await call('POST', '/api/Ticket', tok.clubowner!, {
      subject: 'Le café: my email bounces',
      category: 'billing',
      description: 'The download button does nothing on the billing page.',
      priority: 'low',
    });
    const foldedId = folded.json().result.id as string;
    for (const query of ['CAFE', 'Café', 'cafÉ', 'CAFÉ: MY']) {
      const res = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query });
      expect(
        res.json().result.map((r: { id: string }) => r.id),
        query,
      ).toEqual([foldedId]);
    }
    const email = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query: 'ÉMAIL', perPage: 100 });
    expect(email.json().result.map((r: { id: string }) => r.id)).toContain(foldedId);
    for (const query of ['ZÉBRA', 'zèbra', 'Blüe Nóte']) {
      const res = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query, priority: 'low', perPage: 100 });
      expect(
        res.json().result.map((r: { id: string }) => r.id),
        query,
      ).toContain(id);
    }
    const escaped = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query: 'caf_' });
    expect(escaped.json().result).toEqual([]);
    const number = found.json().result[0].number;
    const byNumber = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { query: `#${number}` });
    expect(byNumber.json().result.map((r: { id: string }) => r.id)).toEqual([id]);
    const urgent = (await call('GET', '/api/Ticket/desk', tok.it!, undefined, { priority: 'urgent' })).json().result;
    expect(urgent.every((r: { priority: string }) => r.priority === 'urgent')).toBe(true);
    const bad = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { status: 'lost', priority: 'asap' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      status: MESSAGES.supportStatusInvalid,
      priority: MESSAGES.supportPriorityInvalid,
    });
  });

  it('assigns to themselves or another IT user, never to someone else; the opener never sees who', async () => {
    const me = await call('PATCH', `/api/Ticket/${id}/assignee`, tok.it!, { assigneeId: ids.it });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.assignee).toMatchObject({ id: ids.it, name: 'Ian Tech' });
    const mine = (await call('GET', '/api/Ticket/desk', tok.it!, undefined, { assignee: 'me' })).json().result;
    expect(mine.map((r: { id: string }) => r.id)).toContain(id);
    const other = await call('PATCH', `/api/Ticket/${id}/assignee`, tok.it!, { assigneeId: otherIt });
    expect(other.json().result.assignee).toMatchObject({ id: otherIt, name: 'Iris Second' });
    const theirs = (await call('GET', '/api/Ticket/desk', tok.it!, undefined, { assignee: otherIt })).json().result;
    expect(theirs.map((r: { id: string }) => r.id)).toEqual([id]);
    for (const wrong of ['nobody', 'a'.repeat(65), '12345678-1234-1234-1234-12345678901z']) {
      const res = await call('GET', '/api/Ticket/desk', tok.it!, undefined, { assignee: wrong });
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json().errors.assignee, wrong).toBe(MESSAGES.supportAssigneeInvalid);
    }
    const agents = (await call('GET', '/api/Ticket/desk/agents', tok.it!)).json().result;
    const emails = agents.map((a: { email: string }) => a.email);
    expect(emails).toEqual(expect.arrayContaining(['it2@demo.test', 'it@demo.test']));
    expect(emails).not.toContain('user@demo.test');

    for (const wrong of [ids.user, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('PATCH', `/api/Ticket/${id}/assignee`, tok.it!, { assigneeId: wrong });
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json().errors.assigneeId, wrong).toBe(MESSAGES.supportAssigneeInvalid);
    }
    // Not an id at all: the one message of a malformed id (record-id.ts).
    const nobody = await call('PATCH', `/api/Ticket/${id}/assignee`, tok.it!, { assigneeId: 'nobody' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors.assigneeId).toBe(MESSAGES.idInvalid);
    const openerView = (await get(id, tok.clubowner!)).json().result;
    expect(openerView.assignee).toBeNull();
    expect(JSON.stringify(openerView)).not.toContain('Iris');
    const none = await call('PATCH', `/api/Ticket/${id}/assignee`, tok.it!, { assigneeId: null });
    expect(none.json().result.assignee).toBeNull();
  });

  it('sets status and priority; bad values are refused naming the field', async () => {
    for (const status of ['in_progress', 'waiting_on_user', 'resolved', 'closed', 'open'] as const) {
      const res = await call('PATCH', `/api/Ticket/${id}/status`, tok.it!, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().result.status).toBe(status);
    }
    const pr = await call('PATCH', `/api/Ticket/${id}/priority`, tok.it!, { priority: 'urgent' });
    expect(pr.json().result.priority).toBe('urgent');
    const badStatus = await call('PATCH', `/api/Ticket/${id}/status`, tok.it!, { status: 'done' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors.status).toBe(MESSAGES.supportStatusInvalid);
    const badPriority = await call('PATCH', `/api/Ticket/${id}/priority`, tok.it!, { priority: 'now' });
    expect(badPriority.json().errors.priority).toBe(MESSAGES.supportPriorityInvalid);
  });

  it('refuses the desk calls to every other role, even on their own ticket', async () => {
    for (const who of ['user', 'clubowner', 'trucker', 'mover', 'admin']) {
      const token = tok[who]!;
      expect((await call('GET', '/api/Ticket/desk', token)).statusCode, who).toBe(403);
      expect((await call('GET', '/api/Ticket/desk/agents', token)).statusCode, who).toBe(403);
      expect((await call('PATCH', `/api/Ticket/${id}/status`, token, { status: 'resolved' })).statusCode, who).toBe(
        403,
      );
      expect((await call('PATCH', `/api/Ticket/${id}/priority`, token, { priority: 'low' })).statusCode, who).toBe(403);
      expect((await call('PATCH', `/api/Ticket/${id}/assignee`, token, { assigneeId: null })).statusCode, who).toBe(
        403,
      );
      expect((await call('GET', '/api/Business/lookup', token)).statusCode, who).toBe(403);
    }
    expect((await get(id, tok.clubowner!)).json().result.priority).toBe('urgent');
  });
});

describe('attachments', () => {
  let id: string;
  let png: Buffer;
  beforeAll(async () => {
    id = (await open(tok.user!, { subject: 'With a screenshot' })).json().result.id;
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  const attach = (token: string, bytes: Buffer, filename = 'screen.png', ticket = id) =>
    t.call({
      method: 'POST',
      url: `/api/Ticket/${ticket}/attachments`,
      token,
      ...multipartBody({}, [{ name: 'file', filename, type: 'image/png', bytes }]),
    });

  it('the opener attaches a screenshot and a PDF; both read them back; others get 404', async () => {
    const res = await attach(tok.user!, png);
    expect(res.statusCode).toBe(200);
    const [file] = res.json().result.attachments;
    expect(file).toMatchObject({ name: 'screen.png', contentType: 'image/png', size: png.length });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const withPdf = await attach(tok.it!, pdf, 'logs.pdf');
    expect(withPdf.statusCode).toBe(200);
    expect(withPdf.json().result.attachments[1]).toMatchObject({ name: 'logs.pdf', contentType: 'application/pdf' });

    const url = `/api/Ticket/${id}/attachments/${file.id}`;
    for (const who of ['user', 'it']) {
      const read = await call('GET', url, tok[who]!);
      expect(read.statusCode, who).toBe(200);
      expect(read.rawPayload.equals(png)).toBe(true);
      expect(read.headers['content-disposition']).toContain('screen.png');
    }
    expect((await call('GET', url, tok.clubowner!)).statusCode).toBe(404);
    expect((await attach(tok.clubowner!, png)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image or PDF by its bytes, and a missing file', async () => {
    const fake = await attach(tok.user!, Buffer.from('MZ this is not a picture at all'), 'screen.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.file).toBe(MESSAGES.supportAttachmentType);
    const none = await t.call({
      method: 'POST',
      url: `/api/Ticket/${id}/attachments`,
      token: tok.user!,
      ...multipartBody({ note: 'x' }, []),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.file).toBe(MESSAGES.supportAttachmentRequired);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([png.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await attach(tok.user!, big);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toBe(MESSAGES.supportAttachmentTooLarge);
  });
});

describe("IT's business lookup", () => {
  it('finds a business by name or owner email and shows its summary with recent tickets', async () => {
    const byName = await call('GET', '/api/Business/lookup', tok.it!, undefined, { query: 'bright' });
    expect(byName.statusCode).toBe(200);
    const [studio] = byName.json().result;
    expect(studio).toMatchObject({ name: 'Bright Studio', owner: { email: 'user@demo.test', role: 'USER' } });
    const byEmail = await call('GET', '/api/Business/lookup', tok.it!, undefined, { query: 'clubowner@demo' });
    expect(byEmail.json().result.map((b: { name: string }) => b.name)).toEqual(['Blue Note Club']);

    const page = await call('GET', `/api/Business/lookup/${studio.id}`, tok.it!);
    expect(page.statusCode).toBe(200);
    const summary = page.json().result;
    expect(summary).toMatchObject({ name: 'Bright Studio', owner: { email: 'user@demo.test' } });
    expect(summary.counts).toEqual(
      expect.objectContaining({ members: expect.any(Number), venues: expect.any(Number), employees: 0 }),
    );
    expect(['active', 'trial', 'none', 'notRequired']).toContain(summary.subscription.state);
    expect(summary.recentTickets.length).toBeGreaterThan(0);
    expect(summary.recentTickets[0]).toHaveProperty('number');

    const fleet = (await call('GET', '/api/Business/lookup', tok.it!, undefined, { query: 'Roadline' })).json()
      .result[0];
    const fleetPage = (await call('GET', `/api/Business/lookup/${fleet.id}`, tok.it!)).json().result;
    expect(fleetPage.counts.employees).toBeGreaterThan(0);

    expect((await call('GET', '/api/Business/lookup/00000000-0000-4000-8000-000000000000', tok.it!)).statusCode).toBe(
      404,
    );
  });

  it("reads whether the owner's free trial is running by the app's clock, not the machine's", async () => {
    const HOUR = 3_600_000;
    const db = t.db.database.db;
    const owner = eq(users.id, ids.user!);
    const [before] = await db
      .select({
        trialEndsAt: users.trialEndsAt,
        subscriptionActive: users.subscriptionActive,
        shouldHaveSubscription: users.shouldHaveSubscription,
      })
      .from(users)
      .where(owner);
    const [studio] = (await call('GET', '/api/Business/lookup', tok.it!, undefined, { query: 'bright' })).json().result;
    const state = async () =>
      (await call('GET', `/api/Business/lookup/${studio.id}`, tok.it!)).json().result.subscription.state;
    // Ended an hour before the app's clock, so before the machine's too (which only moves on from it).
    await db
      .update(users)
      .set({ trialEndsAt: new Date(t.clock.now - HOUR), subscriptionActive: false, shouldHaveSubscription: true })
      .where(owner);
    try {
      expect(await state()).toBe('none');
      // Two hours earlier by the app's clock the trial has an hour left; the machine's clock says it ended.
      t.clock.advance(-2 * HOUR);
      expect(await state()).toBe('trial');
    } finally {
      t.clock.advance(2 * HOUR);
      await db.update(users).set(before!).where(owner);
    }
  });
});

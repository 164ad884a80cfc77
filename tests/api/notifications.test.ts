import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { createNotification, resolveNotification, writeNotification } from '../../server/modules/notifications/service';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import type { NotificationItem } from '../../src/domain/notifications';
import { MESSAGES } from '../../src/domain/messages';
import { SYSTEM_NOTICES, type SystemNotice } from '../../src/domain/notification-notices';
import type { NoticeParam } from '../../src/domain/notification-wire';
import { wordsIn } from '../../server/modules/notifications/notice-texts';
import { rewriteOf } from '../../server/modules/notifications/words-sql';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'clubowner', 'user', 'mover']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
});
afterAll(() => t.close());

const list = (token: string, query: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: '/api/Notification/notifications', token, query });
/** The list as a screen in `language` asks for it: the app sends its language as Accept-Language. */
const listIn = (language: string, token: string, query: Record<string, string> = {}) =>
  t.call({
    method: 'GET',
    url: '/api/Notification/notifications',
    token,
    query,
    headers: { 'accept-language': language },
  });
const titles = (items: NotificationItem[]) => items.map((n) => n.title);
const create = (input: Parameters<typeof writeNotification>[1]) => writeNotification(t.app, input);

function multipart(fields: [string, string][]) {
  const boundary = `----bo${randomUUID()}`;
  const payload =
    fields
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('listing my notifications', () => {
  it('answers 401 without a token', async () => {
    for (const url of ['/api/Notification/notifications', '/api/Notification/latest_notifications']) {
      expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('lists the seeded notifications newest first with the paging header', async () => {
    const res = await list(tokens.user!);
    expect(res.statusCode).toBe(200);
    const items: NotificationItem[] = res.json().result;
    expect(titles(items)).toEqual([
      'Scheduled maintenance',
      'Set up your payouts',
      'Your free trial has started',
      'Welcome aboard',
    ]);
    expect(items.map((n) => n.status)).toEqual(['unread', 'unread', 'unread', 'read']);
    // The announcement is shown as typed; the others the system wrote carry their codes.
    expect(items[0]).toMatchObject({
      type: 'announcement',
      message: expect.stringContaining('Sunday'),
      titleKey: null,
      messageKey: null,
      params: null,
    });
    expect(items[1]).toMatchObject({ titleKey: 'payoutsSetupTitle', messageKey: 'payoutsSetupMessage' });
    expect(new Date(items[0]!.notificationDate).toISOString()).toBe(items[0]!.notificationDate);
    expect(JSON.parse(String(res.headers['paging-data']))).toEqual({
      currentPage: 1,
      pageSize: 10,
      totalCount: 4,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it('filters by status, type and text (title or message, case-insensitive) and pages', async () => {
    expect(titles((await list(tokens.user!, { status: 'read' })).json().result)).toEqual(['Welcome aboard']);
    expect((await list(tokens.user!, { status: 'unread' })).json().result).toHaveLength(3);
    expect((await list(tokens.user!, { status: 'archived' })).json().result).toEqual([]);
    expect((await list(tokens.user!, { status: '' })).json().result).toHaveLength(4);
    expect(titles((await list(tokens.user!, { type: 'subscription' })).json().result)).toEqual([
      'Your free trial has started',
    ]);
    expect(titles((await list(tokens.user!, { query: 'MAINTEN' })).json().result)).toEqual(['Scheduled maintenance']);
    expect(titles((await list(tokens.user!, { query: 'PAYOUT account' })).json().result)).toEqual([
      'Set up your payouts',
    ]);
    // Wildcards typed by the user are literal.
    expect((await list(tokens.user!, { query: '%' })).json().result).toEqual([]);

    const page2 = await list(tokens.user!, { page: '2', perPage: '3' });
    expect(titles(page2.json().result)).toEqual(['Welcome aboard']);
    expect(JSON.parse(String(page2.headers['paging-data']))).toMatchObject({
      currentPage: 2,
      totalCount: 4,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    const bad = await list(tokens.user!, { status: 'deleted', perPage: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'Invalid value', perPage: 'Must be 1 or more' });
  });

  it('latest_notifications has the unread count and the newest unread', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Notification/latest_notifications', token: tokens.user });
    expect(res.statusCode).toBe(200);
    const body = res.json().result;
    expect(body.count).toBe(3);
    expect(titles(body.notifications)).toEqual([
      'Scheduled maintenance',
      'Set up your payouts',
      'Your free trial has started',
    ]);
    expect(body.notifications.every((n: NotificationItem) => n.status === 'unread')).toBe(true);
  });
});

describe('audiences', () => {
  it('a USER sees everyone and USER-role notifications, not CLUBOWNER ones; a club owner the reverse', async () => {
    await create({ title: 'Aud users', message: 'm', audience: 'role', role: 'USER' });
    await create({ title: 'Aud owners', message: 'm', audience: 'role', role: 'CLUBOWNER' });
    await create({ title: 'Aud all', message: 'm', audience: 'all' });
    await create({ title: 'Aud Uma', message: 'm', audience: 'user', userId: ids.user });
    const mine = titles((await list(tokens.user!, { query: 'Aud ' })).json().result);
    expect(mine).toEqual(['Aud Uma', 'Aud all', 'Aud users']);
    const owner = titles((await list(tokens.clubowner!, { query: 'Aud ' })).json().result);
    expect(owner).toEqual(['Aud all', 'Aud owners']);
  });

  it('a new account does not inherit older role or everyone notifications, only newer ones', async () => {
    const [created] = await t.db.database.db
      .insert(users)
      .values({ email: 'newbie@demo.test', passwordHash: await hashPassword(DEMO_PASSWORD), role: 'USER' })
      .returning({ id: users.id });
    const { access } = await t.login('newbie@demo.test');
    expect((await list(access)).json().result).toEqual([]);
    await create({ title: 'Fresh news', message: 'm', audience: 'all' });
    expect(titles((await list(access)).json().result)).toEqual(['Fresh news']);
    await t.db.database.db.delete(users).where(eq(users.id, created!.id));
  });
});

describe('marking as read and archiving', () => {
  it('one at a time: read, then archived; the latest count follows', async () => {
    const n = await create({ title: 'Mark me', message: 'm', audience: 'user', userId: ids.clubowner });
    const latest = async () =>
      (await t.call({ method: 'GET', url: '/api/Notification/latest_notifications', token: tokens.clubowner })).json()
        .result;
    const before = (await latest()).count;
    const read = await t.call({
      method: 'PATCH',
      url: '/api/Notification/mark_as_read_notification',
      token: tokens.clubowner,
      query: { notificationId: n.id },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toMatchObject({ id: n.id, title: 'Mark me', status: 'read' });
    expect((await latest()).count).toBe(before - 1);
    const archived = await t.call({
      method: 'PATCH',
      url: '/api/notification/ARCHIVED_NOTIFICATION',
      token: tokens.clubowner,
      query: { notificationId: n.id },
    });
    expect(archived.json().result.status).toBe('archived');
    // Marking an archived notification as read keeps it archived.
    const again = await t.call({
      method: 'PATCH',
      url: '/api/Notification/mark_as_read_notification',
      token: tokens.clubowner,
      query: { notificationId: n.id },
    });
    expect(again.json().result.status).toBe('archived');
    expect(titles((await list(tokens.clubowner!, { status: 'archived' })).json().result)).toEqual(['Mark me']);
  });

  it("another user's notification, an unknown id and a malformed id", async () => {
    const n = await create({ title: 'Private', message: 'm', audience: 'user', userId: ids.clubowner });
    const patch = (notificationId: string) =>
      t.call({
        method: 'PATCH',
        url: '/api/Notification/archived_notification',
        token: tokens.user,
        query: { notificationId },
      });
    expect((await patch(n.id)).statusCode).toBe(404);
    expect((await patch(randomUUID())).statusCode).toBe(404);
    const bad = await patch('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ notificationId: 'This id is not valid' });
    // A role notification for another role is just as invisible.
    const owners = await create({ title: 'Owners only', message: 'm', audience: 'role', role: 'CLUBOWNER' });
    expect((await patch(owners.id)).statusCode).toBe(404);
  });

  it('in bulk through multipart: repeated ids or comma-separated notificationIds', async () => {
    const a = await create({ title: 'Bulk A', message: 'm', audience: 'user', userId: ids.user });
    const b = await create({ title: 'Bulk B', message: 'm', audience: 'user', userId: ids.user });
    const c = await create({ title: 'Bulk C', message: 'm', audience: 'all' });
    const read = await t.call({
      method: 'PUT',
      url: '/api/Notification/mark_as_read_notifications',
      token: tokens.user,
      ...multipart([
        ['ids', a.id],
        ['ids', b.id],
      ]),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().result.map((n: NotificationItem) => [n.title, n.status])).toEqual([
      ['Bulk B', 'read'],
      ['Bulk A', 'read'],
    ]);
    const archived = await t.call({
      method: 'PUT',
      url: '/api/Notification/archived_notifications',
      token: tokens.user,
      ...multipart([['notificationIds', `${a.id}, ${c.id}`]]),
    });
    expect(archived.statusCode).toBe(200);
    const statuses = Object.fromEntries(
      (await list(tokens.user!, { query: 'Bulk' })).json().result.map((n: NotificationItem) => [n.title, n.status]),
    );
    expect(statuses).toEqual({ 'Bulk A': 'archived', 'Bulk B': 'read', 'Bulk C': 'archived' });
    // The everyone-notification is archived for this user only.
    const owner = (await list(tokens.clubowner!, { query: 'Bulk' })).json().result;
    expect(owner.map((n: NotificationItem) => n.status)).toEqual(['unread']);
  });

  it('in bulk through JSON {ids}', async () => {
    const a = await create({ title: 'Json A', message: 'm', audience: 'user', userId: ids.mover });
    const res = await t.call({
      method: 'PUT',
      url: '/api/Notification/mark_as_read_notifications',
      token: tokens.mover,
      payload: { ids: [a.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([expect.objectContaining({ id: a.id, status: 'read' })]);
  });

  it('a foreign, unknown or malformed id refuses the whole bulk call and changes nothing', async () => {
    const mine = await create({ title: 'Keep unread', message: 'm', audience: 'user', userId: ids.user });
    const theirs = await create({ title: 'Not yours', message: 'm', audience: 'user', userId: ids.clubowner });
    const put = (fields: [string, string][]) =>
      t.call({
        method: 'PUT',
        url: '/api/Notification/archived_notifications',
        token: tokens.user,
        ...multipart(fields),
      });
    const foreign = await put([
      ['ids', mine.id],
      ['ids', theirs.id],
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      message: 'Some notifications do not exist or are not yours',
      errors: { ids: 'Some notifications do not exist or are not yours' },
    });
    expect((await put([['ids', `${mine.id},${randomUUID()}`]])).statusCode).toBe(400);
    const malformed = await put([['ids', `${mine.id},42`]]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ ids: MESSAGES.idInvalid });
    const empty = await put([['other', 'x']]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ ids: 'Choose at least one notification' });
    expect((await list(tokens.user!, { query: 'Keep unread' })).json().result[0].status).toBe('unread');
    expect((await list(tokens.clubowner!, { query: 'Not yours' })).json().result[0].status).toBe('unread');
  });

  it('a file in the bulk form is refused, not stored', async () => {
    const boundary = 'bo-file-boundary';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="ids"; filename="ids.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nabc\r\n--${boundary}--\r\n`;
    const res = await t.call({
      method: 'PUT',
      url: '/api/Notification/archived_notifications',
      token: tokens.user,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('multipart is accepted only by the bulk routes', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/Business/company-name',
      token: tokens.clubowner,
      ...multipart([['companyName', 'X']]),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('announcements', () => {
  const announce = (token: string | undefined, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/Notification/announcement', token, payload: payload as object });

  it('only an admin may announce (401 without a token, 403 otherwise)', async () => {
    const body = { title: 'T', message: 'M', audience: 'all' };
    expect((await announce(undefined, body)).statusCode).toBe(401);
    for (const who of ['user', 'clubowner', 'mover']) expect((await announce(tokens[who], body)).statusCode).toBe(403);
  });

  it('answers per-field messages for bad input', async () => {
    const empty = await announce(tokens.admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      title: 'This field is required',
      message: 'This field is required',
      audience: 'Invalid value',
    });
    const noUser = await announce(tokens.admin, { title: ' T ', message: 'M', audience: 'user' });
    expect(noUser.json().errors).toEqual({ userId: 'This field is required' });
    const noRole = await announce(tokens.admin, { title: 'T', message: 'M', audience: 'role', role: 'KING' });
    expect(noRole.json().errors).toEqual({ role: 'Choose a valid role' });
    const long = await announce(tokens.admin, { title: 'x'.repeat(121), message: 'M', audience: 'all' });
    expect(long.json().errors).toEqual({ title: 'Must be at most 120 characters long' });
    const unknown = await announce(tokens.admin, { title: 'T', message: 'M', audience: 'user', userId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it('reaches one user, a role or everyone', async () => {
    const one = await announce(tokens.admin, { title: 'Hello Uma', message: 'Hi', audience: 'user', userId: ids.user });
    expect(one.statusCode).toBe(200);
    expect(one.json().result).toMatchObject({ title: 'Hello Uma', type: 'announcement', audience: 'user' });
    const role = await announce(tokens.admin, {
      title: 'Hello owners',
      message: 'Hi',
      audience: 'role',
      role: 'CLUBOWNER',
    });
    expect(role.json().result).toMatchObject({ audience: 'role', role: 'CLUBOWNER', userId: null });
    expect(titles((await list(tokens.user!, { query: 'Hello' })).json().result)).toEqual(['Hello Uma']);
    expect(titles((await list(tokens.clubowner!, { query: 'Hello' })).json().result)).toEqual(['Hello owners']);
  });

  it('is an announcement or a system notice, never one of the kinds the product raises itself', async () => {
    const body = { message: 'Hi', audience: 'user', userId: ids.user };
    for (const type of ['quote', 'account', 'subscription', 'message', 'domain', 'support', 'form', 'news']) {
      const refused = await announce(tokens.admin, { ...body, title: `Typed as ${type}`, type });
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().errors, type).toEqual({ type: 'Invalid value' });
    }
    // Nothing was stored for any of them.
    expect(titles((await list(tokens.user!, { query: 'Typed as' })).json().result)).toEqual([]);
    const system = await announce(tokens.admin, { ...body, title: 'Maintenance tonight', type: 'system' });
    expect(system.statusCode).toBe(200);
    expect(system.json().result).toMatchObject({ title: 'Maintenance tonight', type: 'system' });
  });
});

describe('live channel', () => {
  it('a created notification is published to the hub as {kind, id}', async () => {
    const spy = vi.spyOn(t.app.ctx.hub, 'publish');
    try {
      const n = await create({ title: 'Published', message: 'm', audience: 'user', userId: ids.user });
      expect(spy).toHaveBeenCalledWith({ kind: 'notification', id: n.id });
    } finally {
      spy.mockRestore();
    }
  });

  it('the resolver turns it into one delivery for the right audience with ReceiveMessage(title)', async () => {
    const db = t.db.database.db;
    const one = await create({ title: 'To Uma', message: 'm', audience: 'user', userId: ids.user });
    const role = await create({ title: 'To owners', message: 'm', audience: 'role', role: 'CLUBOWNER' });
    const all = await create({ title: 'To all', message: 'm', audience: 'all' });
    expect(await resolveNotification(db, one.id)).toEqual([
      { audience: { userIds: [ids.user] }, message: { target: 'ReceiveMessage', args: ['To Uma'] } },
    ]);
    expect(await resolveNotification(db, role.id)).toEqual([
      { audience: { roles: ['CLUBOWNER'] }, message: { target: 'ReceiveMessage', args: ['To owners'] } },
    ]);
    expect(await resolveNotification(db, all.id)).toEqual([
      { audience: { all: true }, message: { target: 'ReceiveMessage', args: ['To all'] } },
    ]);
    expect(await resolveNotification(db, randomUUID())).toEqual([]);
  });

  it('a hub failure does not fail the creation', async () => {
    const spy = vi.spyOn(t.app.ctx.hub, 'publish').mockRejectedValue(new Error('backplane down'));
    try {
      const n = await create({ title: 'Survives', message: 'm', audience: 'user', userId: ids.user });
      expect(n.id).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a notification the system writes', () => {
  const params = {
    number: 'Q-0042',
    customer: 'Ana Díaz',
    moveDate: { date: '2026-12-24' },
    startTime: { time: '09:30' },
    invoice: 'INV-2026-0007',
  };
  const english = {
    title: 'Quote Q-0042 accepted',
    message:
      'Ana Díaz accepted quote Q-0042 for the move on 12/24/2026 at 9:30 AM. The move is booked and invoice INV-2026-0007 was created as a draft.',
  };

  it('is stored and answered with its codes and parameters, and its English text as the fallback', async () => {
    const n = await createNotification(t.app, {
      notice: 'quoteAccepted',
      params,
      audience: 'user',
      userId: ids.mover,
      type: 'quote',
    });
    const coded = { titleKey: 'quoteAcceptedTitle', messageKey: 'quoteAcceptedMessage', params, ...english };
    expect(n).toMatchObject(coded);
    const [listed] = (await list(tokens.mover!, { query: 'Q-0042' })).json().result;
    expect(listed).toEqual({
      id: n.id,
      type: 'quote',
      status: 'unread',
      notificationDate: expect.any(String),
      ...coded,
    });
    const latest = await t.call({ method: 'GET', url: '/api/Notification/latest_notifications', token: tokens.mover });
    expect(latest.json().result.notifications[0]).toMatchObject(coded);
    // The live channel: the English title first (what the brief's clients show), then the title's code.
    expect(await resolveNotification(t.db.database.db, n.id)).toEqual([
      {
        audience: { userIds: [ids.mover] },
        message: { target: 'ReceiveMessage', args: [english.title, { titleKey: 'quoteAcceptedTitle', params }] },
      },
    ]);
  });

  it("is found by the words in the reader's language: a Spanish reader's Spanish word, an English reader's English one", async () => {
    const quote = { ...params, number: 'Q-0777', customer: 'Zoe Quintana' };
    for (const userId of [ids.mover!, ids.user!])
      await createNotification(t.app, {
        notice: 'quoteAccepted',
        params: quote,
        audience: 'user',
        userId,
        type: 'quote',
      });
    await create({
      title: 'Presupuesto Q-0777 typed',
      message: 'Typed by a person',
      type: 'announcement',
      audience: 'user',
      userId: ids.mover,
    });
    // "Presupuesto Q-0777 aceptado": the Spanish title, with its parameter, is what the mover sees.
    const spanish = (await listIn('es', tokens.mover!, { query: 'PRESUPUESTO q-0777 acept' })).json().result;
    expect(spanish.map((n: NotificationItem) => [n.titleKey, n.title])).toEqual([
      ['quoteAcceptedTitle', 'Quote Q-0777 accepted'],
    ]);
    // The message's Spanish words, a day written as the screens write it.
    expect(
      (await listIn('es', tokens.mover!, { query: 'Q-0777 para la mudanza del 12/24/2026' })).json().result,
    ).toHaveLength(1);
    // An announcement is searched as typed; the English words a Spanish reader does not see find nothing.
    expect(titles((await listIn('es', tokens.mover!, { query: 'presupuesto Q-0777' })).json().result)).toEqual([
      'Presupuesto Q-0777 typed',
      'Quote Q-0777 accepted',
    ]);
    expect((await listIn('es', tokens.mover!, { query: 'quote Q-0777 accepted' })).json().result).toEqual([]);
    // The other filters still hold beside it.
    expect(
      (await listIn('es', tokens.mover!, { query: 'presupuesto Q-0777', type: 'announcement' })).json().result,
    ).toHaveLength(1);
    // The English reader finds the English words, not the Spanish ones.
    expect(
      titles((await listIn('en-US,en;q=0.9', tokens.user!, { query: 'quote Q-0777 accepted' })).json().result),
    ).toEqual(['Quote Q-0777 accepted']);
    expect((await listIn('en-US,en;q=0.9', tokens.user!, { query: 'presupuesto Q-0777' })).json().result).toEqual([]);
    // The screen's language, not the one the account keeps: an English screen on an account kept in
    // Spanish finds the English words.
    await t.db.database.db.update(users).set({ language: 'es' }).where(eq(users.id, ids.user!));
    try {
      expect(titles((await listIn('en', tokens.user!, { query: 'quote Q-0777 accepted' })).json().result)).toEqual([
        'Quote Q-0777 accepted',
      ]);
      // No header (a client that sends none): English.
      expect(titles((await list(tokens.user!, { query: 'quote Q-0777 accepted' })).json().result)).toEqual([
        'Quote Q-0777 accepted',
      ]);
    } finally {
      await t.db.database.db.update(users).set({ language: 'en' }).where(eq(users.id, ids.user!));
    }
  });

  it("ignores case and accents in both languages, as the other lists' searches do", async () => {
    await create({
      title: 'Reunión del equipo',
      message: 'Typed',
      type: 'announcement',
      audience: 'user',
      userId: ids.user,
    });
    await create({
      title: 'Reunion plain',
      message: 'Typed',
      type: 'announcement',
      audience: 'user',
      userId: ids.user,
    });
    // An English reader: the stored words, an accent typed or left out.
    for (const query of ['REUNION', 'reunión', 'ReUnIóN'])
      expect(titles((await list(tokens.user!, { query })).json().result)).toEqual([
        'Reunion plain',
        'Reunión del equipo',
      ]);
    await createNotification(t.app, {
      notice: 'domainBroken',
      params: { domain: 'acentos.example', records: 'SPF' },
      audience: 'user',
      userId: ids.mover,
    });
    // "Los registros del dominio requieren atención": found without the accent and in capitals.
    for (const query of ['REQUIEREN ATENCION', 'atención', 'acentos.example estaba VERIFICADO'])
      expect(
        (await listIn('es', tokens.mover!, { query })).json().result.map((n: NotificationItem) => n.titleKey),
        query,
      ).toEqual(['domainBrokenTitle']);
  });

  it("finds every notice of the catalogue by a Spanish reader's words, pages and counts them at the database", async () => {
    // Each parameter the catalogue names, with text a pattern or a replacement would read as syntax.
    const sample = (name: string): NoticeParam =>
      ({
        moveDate: { date: '2026-12-24' },
        startTime: { time: '09:30' },
        triedAt: { at: '2026-12-20T15:00:00.000Z', zone: 'America/New_York' },
        number: 'Q-9(1)',
      })[name] ?? `Ñandú ${name} \\1 $1 & [x]. (*)`;
    const created: { id: string; notice: SystemNotice }[] = [];
    for (const notice of Object.keys(SYSTEM_NOTICES) as SystemNotice[]) {
      const { title, message } = SYSTEM_NOTICES[notice];
      const names = [...`${MESSAGES[title]} ${MESSAGES[message]}`.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!);
      const params = Object.fromEntries(names.map((name) => [name, sample(name)]));
      const n = await createNotification(t.app, { notice, params, audience: 'user', userId: ids.mover });
      created.push({ id: n.id, notice });
    }
    const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const all = (await listIn('es', tokens.mover!, { perPage: '100' })).json().result as NotificationItem[];
    for (const { id, notice } of created) {
      const row = all.find((n) => n.id === id)!;
      const spanish = wordsIn('es', row);
      expect(spanish.title, notice).not.toBe(row.title);
      // The whole Spanish title and message, accents dropped and in capitals, find the notice.
      for (const words of [spanish.title, spanish.message]) {
        const found = (await listIn('es', tokens.mover!, { query: fold(words).slice(0, 200), perPage: '100' })).json()
          .result as NotificationItem[];
        expect(
          found.map((n) => n.id),
          `${notice}: ${words}`,
        ).toContain(id);
      }
    }
    // Paged and counted in the query: the second of the three quotes that match, and all three counted.
    const quotes = await listIn('es', tokens.mover!, { query: 'presupuesto q-9(1)', page: '2', perPage: '1' });
    expect(quotes.json().result.map((n: NotificationItem) => n.titleKey)).toEqual(['quoteDeclinedTitle']);
    expect(JSON.parse(String(quotes.headers['paging-data']))).toMatchObject({ totalCount: 3, totalPages: 3 });
  });

  it('writes a template as a pattern only when the translation names what the English does', () => {
    expect(rewriteOf('Quote {{number}} for {{customer}}, {{number}}', 'De {{customer}}: {{number}}')).toEqual({
      pattern: '^Quote (.*) for (.*), \\1$',
      replacement: 'De \\2: \\1',
    });
    expect(rewriteOf('Quote {{number}}', 'Presupuesto {{numero}}')).toBeNull();
    const ten = Array.from({ length: 10 }, (_, i) => `{{p${i}}}`).join(' ');
    expect(rewriteOf(ten, ten)).toBeNull();
  });

  it('with nothing to name stores no parameters', async () => {
    const n = await createNotification(t.app, { notice: 'accountVerified', audience: 'user', userId: ids.user });
    expect(n).toMatchObject({
      titleKey: 'accountVerifiedTitle',
      messageKey: 'accountVerifiedMessage',
      params: null,
      title: 'Your account has been verified',
    });
  });
});

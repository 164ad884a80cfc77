/**
 * The platform's own mails render from the administrator's templates (docs/email-templates.md): seeded in en and
 * es (once: a second seed adds nothing), an administrator's new version changes the next mail (a
 * recovery code with the new subject, the code still in it, html and text both sent), Spanish
 * renders from the es template, a missing template falls back to the built-in English, and a
 * business can neither read nor change the platform's templates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { PLATFORM_MAIL_KINDS } from '../../src/domain/email-templates/kinds';
import { emailTemplates, mailOutbox } from '../../server/db/schema';
import { renderPlatformMail, seedPlatformTemplates } from '../../server/modules/email-templates';
import { PLATFORM_SOURCES } from '../../server/modules/email-templates/platform-sources';
import { createTestApp, lastCode, type TestApp } from './helpers/app';

const BASE = '/api/email-templates';
let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['admin', 'clubowner', 'user']) token[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  t.call({ method, url: `${BASE}${url}`, token: token[who], ...(payload ? { payload } : {}) });

/** The seeded template's id, by kind and language. */
async function platformId(kind: string, locale: string) {
  const [row] = await t.db.database.db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(
      and(
        isNull(emailTemplates.businessId),
        eq(emailTemplates.kind, kind as 'recovery'),
        eq(emailTemplates.locale, locale),
      ),
    );
  return row!.id;
}

/** A new version through the setup page's call, as the administrator. */
async function saveAs(kind: string, locale: string, change: (current: { subject: string; mjml: string }) => object) {
  const id = await platformId(kind, locale);
  const got = await call('GET', `/${id}`, 'admin');
  expect(got.statusCode, got.body).toBe(200);
  const current = got.json().result;
  const saved = await call('PUT', `/${id}`, 'admin', {
    name: current.name,
    kind: current.kind,
    ...change(current.current),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

describe('the platform’s mail templates', () => {
  it('are seeded in en and es for each of the six mails, and seeding again adds none', async () => {
    const db = t.db.database.db;
    const countPlatform = async () =>
      (await db.select({ n: count() }).from(emailTemplates).where(isNull(emailTemplates.businessId)))[0]!.n;
    const before = await countPlatform();
    expect(before).toBeGreaterThanOrEqual(PLATFORM_MAIL_KINDS.length * 2);
    await seedPlatformTemplates(db);
    expect(await countPlatform()).toBe(before);
    const list = await call('GET', '?page=1&perPage=100', 'admin');
    const names = list.json().result.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['Password recovery (English)', 'Recuperación de contraseña (Español)']),
    );
  });

  it('an administrator’s new version changes the next recovery mail; the code, html and text are in it', async () => {
    await saveAs('recovery', 'en', (c) => ({
      subject: 'Reset your Back Office password',
      mjml: c.mjml.replace('background-color="#ffffff"', 'background-color="#fffbe6"'),
    }));
    const sent = await t.call({
      method: 'POST',
      url: '/api/User/forgot-password',
      payload: { email: 'user@demo.test' },
    });
    expect(sent.statusCode).toBe(200);
    const [row] = await t.db.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'user@demo.test'))
      .orderBy(desc(mailOutbox.sentAt))
      .limit(1);
    expect(row!.subject).toBe('Reset your Back Office password');
    const code = lastCode(t.mailLog, 'user@demo.test');
    expect(row!.text).toContain(`Your password recovery code is ${code}.`);
    expect(row!.html).toContain(code);
    expect(row!.html).toContain('#fffbe6');
    expect(row!.html).not.toContain('{{');
  });

  it('renders Spanish from the es template, and an administrator’s es version is the next es mail', async () => {
    const values = { 'user.firstName': 'Ana', code: '654321', expiresMinutes: '15' };
    const es = await renderPlatformMail(t.app, 'recovery', 'es', values);
    expect(es.subject).toBe('Tu código para recuperar la contraseña');
    expect(es.text).toContain('Hola Ana:');
    expect(es.text).toContain('Tu código para recuperar la contraseña es 654321.');
    await saveAs('recovery', 'es', (c) => ({ subject: 'Recupera tu contraseña', mjml: c.mjml }));
    expect((await renderPlatformMail(t.app, 'recovery', 'es', values)).subject).toBe('Recupera tu contraseña');
  });

  it('without its template, a mail is sent from the built-in English (es falls back to en first)', async () => {
    const ticket = {
      'guest.name': 'Ann <Lee>',
      'event.name': 'Gala',
      'event.when': '12/31/2026, 9:00 PM EST',
      'ticket.type': 'VIP',
      'ticket.price': '$80.00',
      'ticket.code': 'K7Q2-M9XD',
      'ticket.link': 'https://x.example/pass/K7Q2M9XD',
    };
    expect((await call('DELETE', `/${await platformId('ticket', 'es')}`, 'admin')).statusCode).toBe(200);
    await saveAs('ticket', 'en', (c) => ({ subject: 'Ticket: {{event.name}}', mjml: c.mjml }));
    expect((await renderPlatformMail(t.app, 'ticket', 'es', ticket)).subject).toBe('Ticket: Gala');
    expect((await call('DELETE', `/${await platformId('ticket', 'en')}`, 'admin')).statusCode).toBe(200);
    const built = await renderPlatformMail(t.app, 'ticket', 'en', ticket);
    expect(built.subject).toBe('Your ticket for Gala');
    expect(built.text).toContain('Pass code: K7Q2-M9XD');
    expect(built.text).toContain('Show this at the door: https://x.example/pass/K7Q2M9XD');
    expect(built.html).toContain('Ann &lt;Lee&gt;');
    // The next start puts them back.
    await seedPlatformTemplates(t.db.database.db);
    expect(await platformId('ticket', 'es')).toBeTruthy();
  });

  it('every built-in source renders with no findings', async () => {
    for (const locale of ['en', 'es'] as const)
      for (const kind of PLATFORM_MAIL_KINDS) {
        const res = await t.call({
          method: 'POST',
          url: `${BASE}/preview`,
          token: token.admin,
          payload: { kind, subject: PLATFORM_SOURCES[locale][kind].subject, mjml: PLATFORM_SOURCES[locale][kind].mjml },
        });
        expect(res.statusCode, `${locale} ${kind}`).toBe(200);
        expect(res.json().result.findings, `${locale} ${kind}`).toEqual([]);
      }
  });

  it('a platform mail’s template keeps its kind (400 on kind, no version made)', async () => {
    const id = await platformId('quote', 'en');
    const got = (await call('GET', `/${id}`, 'admin')).json().result;
    const res = await call('PUT', `/${id}`, 'admin', {
      name: got.name,
      kind: 'general',
      subject: got.current.subject,
      mjml: got.current.mjml,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.kind).toBe('This is the platform’s quote mail: its kind cannot change');
    expect((await call('GET', `/${id}`, 'admin')).json().result.currentVersion).toBe(got.currentVersion);
  });

  it('a business can neither read nor change the platform’s templates', async () => {
    const id = await platformId('invoice', 'en');
    for (const who of ['clubowner', 'user']) {
      expect((await call('GET', `/${id}`, who)).statusCode).toBe(404);
      const source = { name: 'Mine', kind: 'invoice', subject: 'x', mjml: PLATFORM_SOURCES.en.invoice.mjml };
      expect((await call('PUT', `/${id}`, who, source)).statusCode).toBe(404);
      expect((await call('DELETE', `/${id}`, who)).statusCode).toBe(404);
      const list = await call('GET', '?page=1&perPage=100', who);
      expect(list.json().result.map((r: { id: string }) => r.id)).not.toContain(id);
      // Nor make a password recovery or invitation template of its own.
      const mine = { ...source, name: 'My recovery', kind: 'recovery', mjml: PLATFORM_SOURCES.en.recovery.mjml };
      const made = await t.call({ method: 'POST', url: BASE, token: token[who], payload: mine });
      expect(made.statusCode).toBe(400);
      expect(made.json().errors.kind).toBe('Choose the kind of template');
    }
  });
});

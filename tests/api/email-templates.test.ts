/**
 * Email templates (email_templates_management: ADMIN, CLUBOWNER, USER): list, create, read with the
 * current version, save (a new version; the old ones stay readable), delete, versions, the preview
 * of unsaved source and the test send to the signed-in user (the outbox records it). Refusals: other
 * roles 403, another business's template 404 (and the platform's to a business), MJML that does not
 * parse 400 with its line and nothing stored, source over 500 KB 400 with its message, a 5 MB body
 * 413 in the contract's error shape. Findings come back with the version and the preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { STARTER_MJML } from '../../src/domain/email-templates/rules';
import { emailTemplates, emailTemplateVersions, mailOutbox, users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

const BASE = '/api/email-templates';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['admin', 'clubowner', 'user', 'mover', 'trucker'])
    token[who] = (await t.login(`${who}@demo.test`)).access;
  const db = t.db.database.db;
  const [carla] = await db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
  const other = await createBusiness(db, 'Other Club');
  const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
  await insertAccount(db, { ...rest, email: 'other.owner@example.com', businessId: other });
  token.stranger = (await t.login('other.owner@example.com')).access;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'clubowner') =>
  t.call({
    method,
    url: `${BASE}${url}`,
    token: token[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const template = (extra: object = {}) => ({
  name: `Welcome ${++seq}`,
  kind: 'general',
  subject: 'Hello {{contact.firstName | "there"}}',
  mjml: STARTER_MJML,
  ...extra,
});
interface Made {
  id: string;
  name: string;
  businessId: string | null;
  currentVersion: number;
  current: { version: number; html: string; text: string; findings: { id: string; values: object }[] };
}
const create = async (extra: object = {}, who = 'clubowner') => {
  const res = await call('POST', '', template(extra), who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as Made;
};
const stored = async () => {
  const db = t.db.database.db;
  const [a] = await db.select({ n: count() }).from(emailTemplates);
  const [b] = await db.select({ n: count() }).from(emailTemplateVersions);
  return { templates: a!.n, versions: b!.n };
};

describe('a business’s templates', () => {
  it('creates version 1, saves version 2, keeps version 1 readable, lists, deletes', async () => {
    const made = await create();
    expect(made.currentVersion).toBe(1);
    expect(made.current.html).toContain('{{contact.firstName | "there"}}');
    expect(made.current.text).toContain('Hi {{contact.firstName | "there"}},');
    expect(made.current.findings).toEqual([]);

    const changed = template({ name: made.name, mjml: STARTER_MJML.replace('Thank you', 'Thanks a lot') });
    const saved = await call('PUT', `/${made.id}`, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.currentVersion).toBe(2);
    expect(saved.json().result.current.text).toContain('Thanks a lot');

    const v1 = await call('GET', `/${made.id}/versions/1`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json().result.text).toContain('Thank you for being with us');
    expect((await call('GET', `/${made.id}/versions/3`)).statusCode).toBe(404);
    const versions = await call('GET', `/${made.id}/versions`);
    expect(versions.json().result.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.json().result[0].createdBy).toBeTruthy();

    const list = await call('GET', '?page=1&perPage=50');
    expect(list.statusCode).toBe(200);
    expect(JSON.parse(String(list.headers['paging-data'])).totalCount).toBeGreaterThan(0);
    expect(list.json().result.find((r: { id: string }) => r.id === made.id).currentVersion).toBe(2);

    expect((await call('DELETE', `/${made.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/${made.id}`)).statusCode).toBe(404);
  });

  it('two saves at once make versions 2 and 3, none lost', async () => {
    const made = await create();
    const body = template({ name: made.name });
    const [a, b] = await Promise.all([call('PUT', `/${made.id}`, body), call('PUT', `/${made.id}`, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const versions = await call('GET', `/${made.id}/versions`);
    expect(versions.json().result.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  });

  it('refuses a name already used (409), and another business may use it', async () => {
    const made = await create();
    const res = await call('POST', '', template({ name: made.name }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toBe(MESSAGES.emailTemplateNameTaken);
    expect((await call('POST', '', template({ name: made.name }), 'stranger')).statusCode).toBe(201);
  });

  it('refuses a name that differs only by case (409, the same message), on create and on a save that renames', async () => {
    const made = await create();
    const shouted = made.name.toUpperCase();
    const res = await call('POST', '', template({ name: shouted }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toBe(MESSAGES.emailTemplateNameTaken);
    const other = await create();
    const renamed = await call('PUT', `/${other.id}`, template({ name: made.name.toLowerCase() }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors.name).toBe(MESSAGES.emailTemplateNameTaken);
    expect((await call('GET', `/${other.id}`)).json().result.name).toBe(other.name);
    // Its own name in another case is a rename, not a clash; another business is another owner.
    expect((await call('PUT', `/${made.id}`, template({ name: shouted }))).statusCode).toBe(200);
    expect((await call('POST', '', template({ name: made.name }), 'stranger')).statusCode).toBe(201);
  });

  it('compares accented capitals without case, and one é typed two ways as one; accents still tell names apart', async () => {
    const base = `École ${++seq}`;
    expect((await call('POST', '', template({ name: base }))).statusCode).toBe(201);
    for (const clash of [base.toLowerCase(), base.toUpperCase(), base.normalize('NFD')]) {
      const res = await call('POST', '', template({ name: clash }));
      expect(res.statusCode, clash).toBe(409);
      expect(res.json().errors.name).toBe(MESSAGES.emailTemplateNameTaken);
    }
    // As file and folder names (src/domain/files/rules.ts nameKey): "Ecole" is another name.
    expect((await call('POST', '', template({ name: base.replace('É', 'E') }))).statusCode).toBe(201);
  });

  it('the platform’s own templates are one owner too: an administrator’s name in another case is refused', async () => {
    const name = `Platform news ${++seq}`;
    expect((await call('POST', '', template({ name }), 'admin')).statusCode).toBe(201);
    const res = await call('POST', '', template({ name: name.toUpperCase() }), 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toBe(MESSAGES.emailTemplateNameTaken);
    // A business's template may carry the platform's name.
    expect((await call('POST', '', template({ name }))).statusCode).toBe(201);
  });

  it('two creates of one name in two cases at once: one is made, the other refused', async () => {
    const name = `Race ${++seq}`;
    const [a, b] = await Promise.all([
      call('POST', '', template({ name })),
      call('POST', '', template({ name: name.toLowerCase() })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('who may see what', () => {
  it('other roles are refused (403)', async () => {
    for (const who of ['mover', 'trucker']) {
      expect((await call('GET', '', undefined, who)).statusCode).toBe(403);
      expect((await call('POST', '', template(), who)).statusCode).toBe(403);
      expect((await call('POST', '/preview', template(), who)).statusCode).toBe(403);
    }
  });

  it('another business’s template answers 404 on every route; the platform’s is the administrator’s only', async () => {
    const mine = await create();
    for (const [method, url, body] of [
      ['GET', `/${mine.id}`],
      ['PUT', `/${mine.id}`, template()],
      ['DELETE', `/${mine.id}`],
      ['GET', `/${mine.id}/versions`],
      ['GET', `/${mine.id}/versions/1`],
    ] as [Method, string, object?][]) {
      expect((await call(method, url, body, 'stranger')).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, body, 'admin')).statusCode, `admin ${method} ${url}`).toBe(404);
    }
    const platform = await create({}, 'admin');
    expect(platform.businessId).toBeNull();
    expect((await call('GET', `/${platform.id}`, undefined, 'clubowner')).statusCode).toBe(404);
    const adminList = await call('GET', '?page=1&perPage=100', undefined, 'admin');
    const ids = adminList.json().result.map((r: { id: string }) => r.id);
    expect(ids).toContain(platform.id);
    expect(ids).not.toContain(mine.id);
    const strangerList = await call('GET', '?page=1&perPage=100', undefined, 'stranger');
    expect(strangerList.json().result.map((r: { id: string }) => r.id)).not.toContain(mine.id);
  });
});

describe('bad input: refused with its message, nothing stored', () => {
  it('MJML that does not parse answers 400 with its line', async () => {
    const before = await stored();
    const broken =
      '<mjml>\n  <mj-body>\n    <mj-section>\n      <mj-column>\n        <mj-text>Hi</mj-text>\n      </mj-colum>\n    </mj-section>\n  </mj-body>\n</mjml>';
    const res = await call('POST', '', template({ mjml: broken }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mjml).toBe(
      formatMessage('emailTemplateMjmlInvalid', {
        line: 6,
        message: '</mj-colum> does not close <mj-column>, opened on line 4',
      }),
    );
    const unknown = await call(
      'POST',
      '/preview',
      template({ mjml: '<mjml><mj-body>\n<mj-foo>x</mj-foo>\n</mj-body></mjml>' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.mjml).toMatch(/^Line 2: .*mj-foo/);
    const made = await create();
    expect((await call('PUT', `/${made.id}`, template({ name: made.name, mjml: broken }))).statusCode).toBe(400);
    expect((await call('GET', `/${made.id}/versions`)).json().result).toHaveLength(1);
    expect(await stored()).toEqual({ templates: before.templates + 1, versions: before.versions + 1 });
  });

  it('a {{ never closed is refused where it is, not read with the placeholder after it', async () => {
    const before = await stored();
    const broken = '{{contact.firstName} and {{contact.lastName}}';
    const message = formatMessage('placeholderNotClosed', { line: 1, placeholder: '{{contact.firstName}' });
    expect(message).toBe('Placeholder at line 1 is not closed: {{contact.firstName}');
    const subject = await call('POST', '', template({ subject: broken }));
    expect(subject.statusCode).toBe(400);
    expect(subject.json().errors).toEqual({ subject: message });
    const body = await call('POST', '', template({ mjml: STARTER_MJML.replace('Thank you', broken) }));
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual({
      mjml: formatMessage('placeholderNotClosed', { line: 7, placeholder: '{{contact.firstName}' }),
    });
    // The preview reads the braces the same way.
    const preview = await call('POST', '/preview', template({ subject: broken }));
    expect(preview.json().errors).toEqual({ subject: message });
    expect(await stored()).toEqual(before);
    // Closed, the same words save, and the second placeholder is one.
    const fine = await create({ subject: '{{contact.firstName}} and {{contact.lastName}}' });
    expect(fine.current.findings).toEqual([]);
  });

  it('each field with its message', async () => {
    const before = await stored();
    const res = await call('POST', '', { name: ' ', kind: 'weekly', subject: '', mjml: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: MESSAGES.emailTemplateNameRequired,
      kind: MESSAGES.emailTemplateKindInvalid,
      subject: MESSAGES.emailTemplateSubjectRequired,
      mjml: MESSAGES.emailTemplateSourceRequired,
    });
    expect(await stored()).toEqual(before);
  });

  it('source over 500 KB is refused with its message; a 5 MB body answers 413 in the error shape', async () => {
    const big = STARTER_MJML.replace('Thank you', 'x'.repeat(600 * 1024));
    const res = await call('POST', '/preview', template({ mjml: big }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mjml).toBe(formatMessage('emailTemplateSourceTooLarge', { max: 500 }));
    const huge = STARTER_MJML.replace('Thank you', 'x'.repeat(5 * 1024 * 1024));
    const tooLarge = await call('POST', '', template({ mjml: huge }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: MESSAGES.bodyTooLarge, errors: {} });
  });
});

describe('preview and test send', () => {
  it('fills the sample data, makes the text part and lists the findings', async () => {
    const mjml = STARTER_MJML.replace(
      '<mj-button href="https://example.com"',
      '<mj-image src="http://cdn.example.com/a.png"></mj-image><mj-text>{{contact.shoeSize}}</mj-text><mj-button href="https://example.com"',
    );
    const res = await call('POST', '/preview', template({ mjml }));
    expect(res.statusCode, res.body).toBe(200);
    const { subject, html, text, findings } = res.json().result;
    expect(subject).toBe('Hello Ann');
    expect(html).toContain('Hi Ann,');
    expect(text).toContain('Hi Ann,');
    expect(findings).toEqual([
      { id: 'unknown-variable', values: { variable: 'contact.shoeSize' } },
      { id: 'image-without-alt', values: { src: 'http://cdn.example.com/a.png' } },
      { id: 'http-link', values: { url: 'http://cdn.example.com/a.png' } },
    ]);
  });

  it('a user’s own template; a test send goes to the signed-in user through the mail adapter', async () => {
    const own = await create({}, 'user');
    expect((await call('GET', `/${own.id}`, undefined, 'user')).statusCode).toBe(200);
    const res = await call('POST', '/test-send', template(), 'user');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ to: 'user@demo.test', subject: '[Test] Hello Ann', transport: 'outbox' });
    const [mail] = await t.db.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'user@demo.test'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('[Test] Hello Ann');
    expect(mail?.html).toContain('Hi Ann,');
    expect(mail?.text).toContain('Hi Ann,');
  });
});

describe('the sender check', () => {
  it('names a default sender whose domain the business has not verified; the test send goes From MAIL_FROM under its name, with it as Reply-To (DMARC)', async () => {
    const db = t.db.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
    const senders = tableOf('senders');
    const address = `news-${Date.now()}@unverified-club.example`;
    await db.insert(senders).values({
      businessId: owner!.businessId,
      displayName: 'Club news',
      address,
      isDefault: true,
      status: 'verified',
    });
    try {
      const res = await call('POST', '/preview', template());
      expect(res.json().result.findings).toEqual([{ id: 'sender-unverified', values: { address } }]);
      // Another business, without a sender: nothing to say.
      expect((await call('POST', '/preview', template(), 'stranger')).json().result.findings).toEqual([]);
      const made = await create();
      expect(made.current.findings).toEqual([{ id: 'sender-unverified', values: { address } }]);

      expect((await call('POST', '/test-send', template())).statusCode).toBe(200);
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'clubowner@demo.test'))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      // Unsigned mail From a domain we do not sign for would fail DMARC: MAIL_FROM's address carries it.
      const platform = /<([^>]+)>/.exec(t.app.ctx.config.mailFrom)![1]!;
      expect(mail?.fromAddress).toBe(platform);
      expect(mail?.headers).toMatch(new RegExp(`^From: Club news <${platform}>\r?$`, 'm'));
      expect(mail?.headers).toMatch(new RegExp(`^Reply-To: ${address}\r?$`, 'm'));
      expect(mail?.headers).not.toMatch(/^DKIM-Signature:/im);
    } finally {
      await db.delete(senders).where(eq(senders.address!, address));
    }
  });
});

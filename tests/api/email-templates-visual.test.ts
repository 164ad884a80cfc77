/**
 * Email templates in the visual mode (docs/email-templates.md, "The visual mode"): a template
 * saved with blocks keeps them with its version, and its MJML is the server's own, made from
 * the blocks — the MJML sent beside them is ignored. Blocks the shared schema refuses (an unknown
 * block, a `javascript:` link, an image without alt text) answer 400 with their messages and
 * nothing is stored. A picture uploaded through the storage adapter is served without sign-in and
 * named in the MJML with the app's address. The block → MJML rules themselves are the unit table's
 * (tests/unit/email-blocks.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import { designToMjml } from '../../src/domain/email-templates/blocks-mjml';
import { newBlock, newColumnBlock, starterDesign } from '../../src/domain/email-templates/blocks-new';
import type { EmailDesign } from '../../src/domain/email-templates/blocks';
import { MESSAGES } from '../../src/domain/messages';
import { emailTemplateImages, emailTemplates, emailTemplateVersions } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const BASE = '/api/email-templates';
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  token = (await t.login('clubowner@demo.test')).access;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.call({ method, url: `${BASE}${url}`, token, ...(payload ? { payload } : {}) });

/** What a browser might send for a visual template: MJML that is not what its blocks say. */
const LIE =
  '<mjml><mj-body><mj-section><mj-column><mj-text>Sent by the browser</mj-text></mj-column></mj-section></mj-body></mjml>';

let seq = 0;
const visual = (blocks: EmailDesign, extra: object = {}) => ({
  name: `Visual ${++seq}`,
  kind: 'general',
  subject: 'Hello {{contact.firstName | "there"}}',
  mjml: LIE,
  blocks,
  ...extra,
});

/** A design with every kind of block: a heading, an image, a button, a divider, two columns. */
function fullDesign(): EmailDesign {
  const design = starterDesign();
  const image = { ...newBlock('image'), src: 'https://cdn.example.com/shoes.png', alt: 'Red shoes', href: '' };
  const columns = newBlock('columns');
  if (columns.type === 'columns')
    columns.columns = [
      { blocks: [{ ...newColumnBlock('text'), text: 'Left for {{contact.firstName}}' }] },
      { blocks: [newColumnBlock('button'), newColumnBlock('divider')] },
    ];
  design.blocks.push(image, newBlock('divider'), columns);
  return design;
}

const stored = async () => {
  const db = t.db.database.db;
  const [a] = await db.select({ n: count() }).from(emailTemplates);
  const [b] = await db.select({ n: count() }).from(emailTemplateVersions);
  return { templates: a!.n, versions: b!.n };
};

describe('a visual template', () => {
  it('saves its blocks with each version, its MJML made from them by the server', async () => {
    const design = fullDesign();
    const res = await call('POST', '', visual(design));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().result;
    expect(made.current.blocks).toEqual(design);
    expect(made.current.mjml).toBe(designToMjml(design));
    expect(made.current.html).not.toContain('Sent by the browser');
    expect(made.current.html).toContain('alt="Red shoes"');
    // Variables are kept for the send to fill; the text part is made as for any template.
    expect(made.current.html).toContain('Hi {{contact.firstName | "there"}},');
    expect(made.current.text).toContain('Left for {{contact.firstName}}');
    expect(made.current.findings).toEqual([]);

    const changed = structuredClone(design);
    changed.blocks.splice(3, 1);
    const saved = await call('PUT', `/${made.id}`, visual(changed, { name: made.name }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.currentVersion).toBe(2);
    expect(saved.json().result.current.blocks).toEqual(changed);
    // Version 1 keeps its blocks as they were.
    expect((await call('GET', `/${made.id}/versions/1`)).json().result.blocks).toEqual(design);

    // To the MJML source (one way): the source as written, no blocks.
    const source = designToMjml(changed).replace('Visit us', 'Come and see us');
    const toSource = await call('PUT', `/${made.id}`, visual(changed, { name: made.name, mjml: source, blocks: null }));
    expect(toSource.statusCode, toSource.body).toBe(200);
    expect(toSource.json().result.current).toMatchObject({ version: 3, blocks: null, mjml: source });
  });

  it('previews and test-sends what its blocks make, sample data filled in', async () => {
    const preview = await call('POST', '/preview', visual(fullDesign()));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().result.html).toContain('Hi Ann,');
    expect(preview.json().result.html).not.toContain('Sent by the browser');
    const sent = await call('POST', '/test-send', visual(fullDesign()));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.subject).toBe('[Test] Hello Ann');
  });
});

describe('bad blocks: refused with their messages, nothing stored', () => {
  const withBlock = (block: object) => {
    const design = starterDesign() as { background: string; blocks: object[] };
    design.blocks.push(block);
    return design as EmailDesign;
  };

  it.each([
    [
      'an unknown block',
      { id: 'x', type: 'video', src: 'https://a.example/v.mp4' },
      'type',
      MESSAGES.emailBlockTypeUnknown,
    ],
    [
      'a javascript: link in a text',
      { ...newBlock('text'), text: 'See [this](javascript:alert(1))' },
      'text',
      MESSAGES.emailBlockLinkInvalid,
    ],
    [
      'a javascript: button',
      { ...newBlock('button'), href: 'javascript:alert(1)' },
      'href',
      MESSAGES.emailBlockUrlHttps,
    ],
    ['an image without alt text', { ...newBlock('image'), alt: '  ' }, 'alt', MESSAGES.emailBlockImageAltRequired],
    [
      'an image at an http: address',
      { ...newBlock('image'), src: 'http://cdn.example.com/a.png' },
      'src',
      MESSAGES.emailBlockImageSrcInvalid,
    ],
    [
      'an image at a path that is not an uploaded picture',
      { ...newBlock('image'), src: '/api/Business/logo/x.webp' },
      'src',
      MESSAGES.emailBlockImageSrcInvalid,
    ],
    [
      'a colour that is not one',
      { ...newBlock('divider'), color: 'red; x' },
      'color',
      MESSAGES.emailBlockColourInvalid,
    ],
  ])('%s', async (_, block, field, message) => {
    const before = await stored();
    const design = withBlock(block);
    for (const [method, url] of [
      ['POST', ''],
      ['POST', '/preview'],
    ] as const) {
      const res = await call(method, url, visual(design));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[`blocks.blocks.3.${field}`]).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('a {{ never closed in a block is refused on that block, where the visual editor shows it', async () => {
    const before = await stored();
    const design = withBlock({ ...newBlock('text'), text: 'Hi {{contact.firstName} and {{contact.lastName}}' });
    const res = await call('POST', '', visual(design));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({
      'blocks.blocks.3.text': 'Placeholder at line 1 is not closed: {{contact.firstName}',
    });
    expect(await stored()).toEqual(before);
  });

  it('a block in a column is checked as well, and a save of a saved template stores no version', async () => {
    const made = (await call('POST', '', visual(starterDesign()))).json().result;
    const columns = newBlock('columns');
    if (columns.type !== 'columns') throw new Error('columns');
    columns.columns[1]!.blocks = [{ ...newColumnBlock('image'), alt: '' }];
    const res = await call('PUT', `/${made.id}`, visual(withBlock(columns), { name: made.name }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['blocks.blocks.3.columns.1.blocks.0.alt']).toBe(MESSAGES.emailBlockImageAltRequired);
    expect((await call('GET', `/${made.id}/versions`)).json().result).toHaveLength(1);
  });
});

describe('pictures for image blocks, through the storage adapter', () => {
  /** A real 1×1 PNG. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (bytes: Buffer, type = 'image/png', who = token) => {
    const body = multipartBody({}, [{ name: 'image', filename: 'shoes.png', type, bytes }]);
    return t.call({ method: 'POST', url: `${BASE}/images`, token: who, payload: body.payload, headers: body.headers });
  };

  it('uploads one, serves it without sign-in, and a design names it with the app’s address', async () => {
    const res = await upload(PNG);
    expect(res.statusCode, res.body).toBe(200);
    const { path } = res.json().result as { path: string };
    expect(path).toMatch(/^\/api\/email-templates\/images\/[0-9a-f]{32}\.png$/);
    const read = await t.app.inject({ method: 'GET', url: path });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);

    const design = withPicture(path);
    const made = await call('POST', '', visual(design));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().result.current.blocks).toEqual(design);
    expect(made.json().result.current.html).toMatch(new RegExp(`src="https?://[^"/]+${path.replace(/\./g, '\\.')}"`));
  });

  it('refuses a file that is not a picture, and a picture path that was never uploaded is 404', async () => {
    const text = await upload(Buffer.from('just some text, not a picture at all'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.image).toBe(MESSAGES.emailImageType);
    const none = await t.app.inject({ method: 'GET', url: `${BASE}/images/${'0'.repeat(32)}.png` });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/images/..%2F..%2Fsecret.png` })).statusCode).toBe(404);
    // Another role than the designers' may not upload.
    const mover = (await t.login('mover@demo.test')).access;
    expect((await upload(PNG, 'image/png', mover)).statusCode).toBe(403);
  });

  it('lists the business’s own pictures for the picker, newest first; not another business’s, not another role', async () => {
    const first = (await upload(PNG)).json().result.path as string;
    t.clock.advance(1000);
    const second = (await upload(PNG)).json().result.path as string;
    const mine = await call('GET', '/images');
    expect(mine.statusCode, mine.body).toBe(200);
    const paths = (mine.json().result as { path: string; bytes: number }[]).map((r) => r.path);
    expect(paths.indexOf(second)).toBeLessThan(paths.indexOf(first));
    expect(paths.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(mine.json().result[0]).toMatchObject({ bytes: PNG.length });
    const other = (await t.login('user@demo.test')).access;
    const theirs = await t.call({ method: 'GET', url: `${BASE}/images`, token: other });
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().result as { path: string }[]).map((r) => r.path)).not.toContain(first);
    const mover = (await t.login('mover@demo.test')).access;
    expect((await t.call({ method: 'GET', url: `${BASE}/images`, token: mover })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/images` })).statusCode).toBe(401);
  });

  it('removes a picture no saved version names once its template is deleted; a named one and a fresh upload stay', async () => {
    const [kept, dropped, fresh] = [
      (await upload(PNG)).json().result.path as string,
      (await upload(PNG)).json().result.path as string,
      (await upload(PNG)).json().result.path as string,
    ];
    const keeper = (await call('POST', '', visual(withPicture(kept)))).json().result.id as string;
    const goner = (await call('POST', '', visual(withPicture(dropped)))).json().result.id as string;
    // Both uploaded two days ago: past the day an unsaved upload is kept.
    const names = [kept, dropped].map((p) => p.split('/').at(-1)!);
    await t.db.database.db
      .update(emailTemplateImages)
      .set({ createdAt: new Date(t.clock.now - 2 * 86_400_000) })
      .where(inArray(emailTemplateImages.name, names));
    const status = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;
    // A new version without the picture: the first version still names it, so it stays.
    const resaved = await call('PUT', `/${goner}`, visual(starterDesign()));
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(await status(dropped)).toBe(200);
    const gone = await t.call({ method: 'DELETE', url: `${BASE}/${goner}`, token });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await status(dropped)).toBe(404);
    expect(await status(kept)).toBe(200);
    expect(await status(fresh)).toBe(200);
    const listed = ((await call('GET', '/images')).json().result as { path: string }[]).map((r) => r.path);
    expect(listed).toEqual(expect.arrayContaining([kept, fresh]));
    expect(listed).not.toContain(dropped);
    expect((await call('GET', `/${keeper}`)).statusCode).toBe(200);
  });
});

function withPicture(path: string): EmailDesign {
  const design = starterDesign();
  design.blocks.push({ ...newBlock('image'), src: path, alt: 'Shoes' });
  return design;
}

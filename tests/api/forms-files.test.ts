/**
 * A form's file field: the builder's limits (types, size) checked on the draft; the public form's
 * upload through the multipart reader to storage, refused over the field's size or of a type it
 * does not take (the field's message, nothing stored); the submission claims the upload by id,
 * and a forged, foreign, other field's or reused id is refused; the admins list the file and
 * download it with their sign-in only; the CSV names it. An empty file is refused as empty; a
 * deleted form's files go with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { formUploads } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const FORMS = '/api/Form/forms';
const PUBLIC = '/api/Form/public';
const work = mkdtempSync(join(tmpdir(), 'bo-form-files-'));
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  admin = (await t.login('admin@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n% a small document\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);
const storedFiles = () => {
  try {
    return readdirSync(join(work, 'form-files')).length;
  } catch {
    return 0;
  }
};

const FIELDS = [
  { key: 'name', type: 'shortText', label: 'Name', required: true },
  { key: 'cv', type: 'file', label: 'CV', required: true, accept: ['application/pdf'], max: 0.001 },
  { key: 'photo', type: 'file', label: 'Photo', accept: ['image/png', 'image/jpeg'] },
];

async function publish(slug: string, fields: unknown[] = FIELDS) {
  const as = { token: admin };
  expect((await t.call({ method: 'POST', url: FORMS, ...as, payload: { name: slug, slug } })).statusCode).toBe(201);
  const draft = await t.call({ method: 'PUT', url: `${FORMS}/${slug}/draft`, ...as, payload: { fields } });
  expect(draft.statusCode, draft.body).toBe(200);
  expect((await t.call({ method: 'POST', url: `${FORMS}/${slug}/publish`, ...as, payload: {} })).statusCode).toBe(200);
}

async function open(slug: string): Promise<string> {
  const res = await t.call({ method: 'GET', url: `${PUBLIC}/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.json().result.startToken;
}

const upload = (slug: string, field: string, startToken: string, bytes: Buffer, filename = 'cv.pdf') =>
  t.call({
    method: 'POST',
    url: `${PUBLIC}/${slug}/files?field=${field}&startToken=${encodeURIComponent(startToken)}`,
    ...multipartBody({}, [{ name: 'file', filename, type: 'application/octet-stream', bytes }]),
  });

const submit = (slug: string, startToken: string, answers: object) => {
  t.clock.advance(5_000);
  return t.call({ method: 'POST', url: `${PUBLIC}/${slug}/submissions`, payload: { answers, startToken } });
};

describe('form file fields', () => {
  it('refuses a file field without types or over the largest size, on the draft', async () => {
    expect(
      (await t.call({ method: 'POST', url: FORMS, token: admin, payload: { name: 'x', slug: 'file-rules' } }))
        .statusCode,
    ).toBe(201);
    const res = await t.call({
      method: 'PUT',
      url: `${FORMS}/file-rules/draft`,
      token: admin,
      payload: {
        fields: [
          { key: 'a', type: 'file', label: 'A', accept: [] },
          { key: 'b', type: 'file', label: 'B', accept: ['application/pdf'], max: 50 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'fields.0.accept': 'Tick at least one type of file',
      'fields.1.max': 'Enter a size above 0 and at most 10 MB',
    });
    const html = { key: 'c', type: 'file', label: 'C', accept: ['text/html'] };
    const other = await t.call({
      method: 'PUT',
      url: `${FORMS}/file-rules/draft`,
      token: admin,
      payload: { fields: [html] },
    });
    expect(other.json().errors).toEqual({ 'fields.0.accept.0': 'Tick at least one type of file' });
  });

  it('stores a file, claims it with the submission and gives it to the admins only', async () => {
    await publish('job-apply');
    const start = await open('job-apply');
    const up = await upload('job-apply', 'cv', start, PDF, 'My CV.pdf');
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().result;
    expect(file).toMatchObject({ name: 'My CV.pdf', size: PDF.length });
    expect(storedFiles()).toBe(1);

    const sent = await submit('job-apply', start, { name: 'Ada', cv: file.id });
    expect(sent.statusCode, sent.body).toBe(200);

    const list = await t.call({ method: 'GET', url: `${FORMS}/job-apply/submissions`, token: admin });
    const [row] = list.json().result;
    expect(row.answers).toEqual({ name: 'Ada', cv: file.id });
    expect(row.files).toEqual([{ key: 'cv', id: file.id, name: 'My CV.pdf', size: PDF.length }]);

    const url = `${FORMS}/job-apply/files/${file.id}`;
    const got = await t.call({ method: 'GET', url, token: admin });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''My%20CV.pdf");
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: user })).statusCode).toBe(403);
    // Not this form's file, or not a file at all: not found.
    await publish('other-form');
    expect(
      (await t.call({ method: 'GET', url: `${FORMS}/other-form/files/${file.id}`, token: admin })).statusCode,
    ).toBe(404);
    const malformed = await t.call({ method: 'GET', url: `${FORMS}/job-apply/files/nope`, token: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ id: MESSAGES.idInvalid });

    const csv = await t.call({ method: 'GET', url: `${FORMS}/job-apply/submissions/export`, token: admin });
    expect(csv.body).toContain('Ada,My CV.pdf');
  });

  it('refuses a file over the field’s size or of another type with the field’s message, storing nothing', async () => {
    await publish('job-limits');
    const start = await open('job-limits');
    const before = storedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(2000, 32)]);
    const tooBig = await upload('job-limits', 'cv', start, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ file: 'The file is larger than 0.001 MB' });
    const wrong = await upload('job-limits', 'cv', start, PNG, 'cv.png');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ file: 'Choose a file of one of these types: PDF' });
    // A name ending in .pdf does not make a PDF: the bytes decide.
    const text = await upload('job-limits', 'photo', start, Buffer.from('just some text, not a picture'), 'a.png');
    expect(text.json().errors).toEqual({ file: 'Choose a file of one of these types: PNG, JPEG' });
    // Not a file field, a forged start token: refused too.
    expect((await upload('job-limits', 'name', start, PDF)).json().errors).toEqual({
      field: 'This form has no such field',
    });
    expect((await upload('job-limits', 'cv', 'forged', PDF)).statusCode).toBe(400);
    expect(storedFiles()).toBe(before);
  });

  it('refuses an empty (0-byte) PDF as empty, not as a wrong type, storing nothing', async () => {
    await publish('job-empty');
    const start = await open('job-empty');
    const before = storedFiles();
    const empty = await upload('job-empty', 'cv', start, Buffer.alloc(0), 'empty.pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: MESSAGES.fileEmpty, errors: { file: 'The file is empty' } });
    expect(storedFiles()).toBe(before);
  });

  it('refuses a forged, foreign, other field’s or already used file reference', async () => {
    await publish('job-refs');
    const start = await open('job-refs');
    const cv = (await upload('job-refs', 'cv', start, PDF)).json().result.id;
    const photo = (await upload('job-refs', 'photo', start, PNG, 'me.png')).json().result.id;
    const foreignStart = await open('job-apply');
    const foreign = (await upload('job-apply', 'cv', foreignStart, PDF)).json().result.id;

    const refused = async (
      answers: object,
      key: string,
      message = 'This file was not received: choose it again',
      from = start,
    ) => {
      const res = await submit('job-refs', from, { name: 'Bo', ...answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().errors[`answers.${key}`]).toBe(message);
    };
    await refused({ cv: '00000000-0000-4000-8000-000000000000' }, 'cv');
    await refused({ cv: 'not-an-id' }, 'cv');
    await refused({ cv: foreign }, 'cv');
    await refused({ cv: photo }, 'cv');
    await refused({ cv, photo: cv }, 'photo');

    const ok = await submit('job-refs', start, { name: 'Bo', cv, photo });
    expect(ok.statusCode, ok.body).toBe(200);
    // The same opening sent again is answered as before and stores nothing new (forms.test.ts);
    // another opening naming the claimed file is refused.
    expect((await submit('job-refs', start, { name: 'Bo', cv })).statusCode).toBe(200);
    await refused({ cv }, 'cv', undefined, await open('job-refs'));
    const list = await t.call({ method: 'GET', url: `${FORMS}/job-refs/submissions`, token: admin });
    expect(list.json().result).toHaveLength(1);
    expect(
      list
        .json()
        .result[0].files.map((f: { key: string }) => f.key)
        .sort(),
    ).toEqual(['cv', 'photo']);
  });

  it('deletes a form with its submissions’ files and its unclaimed uploads, and their rows', async () => {
    await publish('job-gone');
    const start = await open('job-gone');
    const cv = (await upload('job-gone', 'cv', start, PDF)).json().result.id;
    expect((await submit('job-gone', start, { name: 'Ada', cv })).statusCode).toBe(200);
    const left = (await upload('job-gone', 'cv', await open('job-gone'), PDF)).json().result.id;
    const rows = () =>
      t.app.ctx.database.db
        .select()
        .from(formUploads)
        .where(inArray(formUploads.id, [cv, left]));
    const keys = (await rows()).map((r) => r.storageKey);
    expect(keys.map((k) => existsSync(join(work, k)))).toEqual([true, true]);

    const gone = await t.call({ method: 'DELETE', url: `${FORMS}/job-gone`, token: admin });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ result: { submissions: 1 } });
    expect(await rows()).toEqual([]);
    expect(keys.map((k) => existsSync(join(work, k)))).toEqual([false, false]);
    // Its file's address is gone with it.
    expect((await t.call({ method: 'GET', url: `${FORMS}/job-gone/files/${cv}`, token: admin })).statusCode).toBe(404);
  });

  it('removes uploads never claimed after a day, with their files', async () => {
    await publish('job-left');
    const start = await open('job-left');
    const left = (await upload('job-left', 'cv', start, PDF)).json().result.id;
    const keyOf = async (id: string) =>
      (await t.app.ctx.database.db.select().from(formUploads).where(eq(formUploads.id, id)))[0]?.storageKey;
    const key = (await keyOf(left))!;
    expect(existsSync(join(work, key))).toBe(true);
    t.clock.advance(25 * 60 * 60_000);
    const next = await upload('job-left', 'cv', await open('job-left'), PDF);
    expect(next.statusCode).toBe(200);
    expect(await keyOf(left)).toBeUndefined();
    expect(existsSync(join(work, key))).toBe(false);
    expect(await keyOf(next.json().result.id)).toBeDefined();
  });

  it('counts uploads fired at once against the per-IP limit: the rest answer 429 and leave no file', async () => {
    admin = (await t.login('admin@demo.test')).access; // the last test moved the clock a day on
    await publish('job-burst');
    const start = await open('job-burst');
    const files = () => readdirSync(join(work, 'form-files'));
    const before = new Set(files());
    // The limit: 5 uploads per submission the window allows one sender (10 by default).
    const limit = t.app.ctx.config.rateLimit.formSubmissionsPerIp * 5;
    const sent = await Promise.all(
      Array.from({ length: limit + 10 }, () =>
        t.call({
          method: 'POST',
          url: `${PUBLIC}/job-burst/files?field=cv&startToken=${encodeURIComponent(start)}`,
          remoteAddress: '198.51.100.40',
          ...multipartBody({}, [{ name: 'file', filename: 'cv.pdf', type: 'application/pdf', bytes: PDF }]),
        }),
      ),
    );
    const codes = sent.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    // Only the kept uploads left a file (the sweep of day-old uploads may remove others meanwhile).
    expect(files().filter((f) => !before.has(f))).toHaveLength(limit);
  });
});

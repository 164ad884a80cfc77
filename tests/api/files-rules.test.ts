/**
 * The file manager's rules beyond the tree's basics (tests/api/files.test.ts): the sample
 * folders shown in the caller's language while they keep the product's name, an upload into a
 * folder in the trash said plainly, a text's preview read as its first bytes only, the number of
 * files one upload takes, and replace with two files of one name in one upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILES, SAMPLE_FOLDERS, downloadPath } from '../../src/domain/files/rules';
import type { FileTree } from '../../src/domain/files/wire';
import type { FileStorage } from '../../server/modules/storage';
import { createTestApp, type TestApp } from './helpers/app';
import { child, childNames, filesApi, item, readZip } from './helpers/files';

const work = mkdtempSync(join(tmpdir(), 'bo-files-rules-'));
let t: TestApp;
let owner: ReturnType<typeof filesApi>;
let spanish: ReturnType<typeof filesApi>;
let tree: FileTree;
const stored = () => (existsSync(join(work, 'files')) ? readdirSync(join(work, 'files')).length : 0);
const refresh = async () => (tree = await owner.tree());
const root = () => tree.rootId;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const token = (await t.login('clubowner@demo.test')).access;
  owner = filesApi(t, token, { 'accept-language': 'en' });
  spanish = filesApi(t, token, { 'accept-language': 'es-ES,es;q=0.9' });
  await refresh();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('sample folders in the reader’s language', () => {
  it('marks each sample folder with its key; a rename makes the name the person’s, a colour does not', async () => {
    expect(
      tree.nodes
        .filter((n) => n.parentId === root())
        .map((n) => [n.name, n.sample])
        .sort(),
    ).toEqual(SAMPLE_FOLDERS.map((name) => [name, name.toLowerCase()]).sort());
    const contracts = child(tree, root(), 'Contracts');
    const recoloured = (await owner.patch(contracts.id, { version: contracts.version, color: '#d64545' })).json();
    expect(recoloured.result.changed[0]).toMatchObject({ name: 'Contracts', sample: 'contracts' });
    const renamed = (await owner.patch(contracts.id, { version: contracts.version + 1, name: 'Agreements' })).json();
    expect(renamed.result.changed[0]).toMatchObject({ name: 'Agreements', sample: null });
    await refresh();
  });

  it('names a Spanish caller’s copy, zip, trash path and taken name as their screen shows the folder', async () => {
    const documents = child(tree, root(), 'Documents');
    // "Documentos" is what a Spanish owner sees: a second one is refused.
    const taken = await spanish.folder(root(), 'documentos');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.name).toBe('There is already a file or folder with this name here');
    const copy = (await spanish.duplicate([item(documents)])).json().result.changed[0];
    expect(copy).toMatchObject({ name: 'Documentos (2)', sample: null });
    // A cut of it into a folder holding the person's own "Documentos" asks first, naming what they see.
    const box = (await spanish.folder(root(), 'Caja')).json().result.changed[0];
    await spanish.folder(box.id, 'Documentos');
    const asked = await spanish.paste({ mode: 'cut', targetId: box.id, items: [item(documents)] });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errors.policy).toBe('Already in this folder: Documentos. Choose Replace, Keep both or Skip');

    const invoices = child(tree, root(), 'Invoices');
    await spanish.upload(invoices.id, [{ filename: 'march.txt', bytes: Buffer.from('paid') }]);
    const zip = await spanish.download(invoices.id);
    expect(zip.headers['content-disposition']).toContain("filename*=UTF-8''Facturas.zip");
    expect(readZip(zip.rawPayload).map((e) => e.name)).toEqual(['Facturas/', 'Facturas/march.txt']);
    expect((await owner.download(invoices.id)).headers['content-disposition']).toContain("''Invoices.zip");
    await refresh();
    await spanish.trash([item(child(tree, invoices.id, 'march.txt'))]);
    const trashed = (await spanish.trashList()).json().result;
    expect(trashed.find((e: { node: { name: string } }) => e.node.name === 'march.txt').path).toBe('/Facturas');
    await refresh();
  });
});

describe('uploads', () => {
  it('says plainly that the folder is in the trash', async () => {
    const gone = (await owner.folder(root(), 'Gone')).json().result.changed[0];
    await owner.trash([item(gone)]);
    const before = stored();
    const res = await owner.upload(gone.id, [{ filename: 'late.txt', bytes: Buffer.from('late') }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This folder is in the trash. Restore it or choose another folder.');
    expect(res.json().errors).toEqual({
      parentId: 'This folder is in the trash. Restore it or choose another folder.',
    });
    expect(Object.keys(res.json().errors)).not.toContain('targetId');
    expect(stored()).toBe(before);
  });

  it(`takes at most ${FILES.maxFilesPerUpload} files at once and says so`, async () => {
    const folder = child(tree, root(), 'Images').id;
    const before = stored();
    const files = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ filename: `f${i}.txt`, bytes: Buffer.from(`file ${i}`) }));
    const res = await owner.upload(folder, files(FILES.maxFilesPerUpload + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Upload at most ${FILES.maxFilesPerUpload} files at once`);
    expect(res.json().errors.file0).toBe(`Upload at most ${FILES.maxFilesPerUpload} files at once`);
    expect(stored()).toBe(before);
    const ok = await owner.upload(folder, files(FILES.maxFilesPerUpload));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.changed).toHaveLength(FILES.maxFilesPerUpload);
  });

  it('with replace and two files of one name, keeps the last and trashes only what was there before', async () => {
    const folder = (await owner.folder(root(), 'Twins')).json().result.changed[0].id;
    const original = (await owner.upload(folder, [{ filename: 'plan.txt', bytes: Buffer.from('original') }])).json()
      .result.changed[0];
    const before = stored();
    const res = await owner.upload(
      folder,
      [
        { filename: 'plan.txt', bytes: Buffer.from('first of the batch') },
        { filename: 'PLAN.txt', bytes: Buffer.from('second of the batch') },
      ],
      'replace',
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json().result;
    expect(answer.changed).toMatchObject([{ id: original.id, name: 'plan.txt' }]);
    expect(answer.skipped).toEqual(['plan.txt']);
    expect(answer.trashed).toHaveLength(1);
    expect((await owner.download(original.id)).body).toBe('second of the batch');
    const trash = (await owner.trashList())
      .json()
      .result.filter((e: { node: { id: string } }) => answer.trashed.includes(e.node.id));
    expect(trash).toHaveLength(1);
    const back = (await owner.restore(answer.trashed)).json().result.changed[0];
    expect((await owner.download(back.id)).body).toBe('original');
    // The batch's first file is not kept anywhere: one new stored file, the second.
    expect(stored()).toBe(before + 1);
    await refresh();
    expect(childNames(tree, folder)).toEqual(['plan (2).txt', 'plan.txt']);
  });
});

describe('a text’s preview', () => {
  it('reads and sends only the first bytes asked for', async () => {
    const folder = child(tree, root(), 'Images').id;
    const line = 'GET /index.html 200 0.004s\n';
    const log = Buffer.from(line.repeat(Math.ceil((3 * 1024 * 1024) / line.length)));
    const file = (await owner.upload(folder, [{ filename: 'server.log', bytes: log }])).json().result.changed[0];
    // Count what leaves the storage adapter (the route holds this same object).
    const storage = t.app.ctx.storage as FileStorage;
    const get = storage.get.bind(storage);
    let read = 0;
    storage.get = async (key, options) => {
      const found = await get(key, options);
      found?.body.on('data', (chunk: Buffer) => (read += chunk.length));
      return found;
    };
    try {
      const preview = await t.call({
        method: 'GET',
        url: downloadPath(file.id, true, FILES.previewTextBytes),
        token: (await t.login('clubowner@demo.test')).access,
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(Number(preview.headers['content-length'])).toBe(FILES.previewTextBytes);
      expect(preview.rawPayload.equals(log.subarray(0, FILES.previewTextBytes))).toBe(true);
      expect(read).toBe(FILES.previewTextBytes);
      read = 0;
      const whole = await owner.download(file.id, true);
      expect(whole.rawPayload.length).toBe(log.length);
      expect(read).toBe(log.length);
    } finally {
      storage.get = get;
    }
    const tooMuch = await t.call({
      method: 'GET',
      url: `${downloadPath(file.id, true)}&bytes=${FILES.maxFirstBytes + 1}`,
      token: (await t.login('clubowner@demo.test')).access,
    });
    expect(tooMuch.statusCode).toBe(400);
  });
});

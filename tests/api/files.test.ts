/**
 * The file manager (file_management): the first open's sample folders, who may open which tree
 * (ADMIN the platform's, a club owner their business's; other roles 403, another tree's nodes
 * 404), names refused with their messages, uploads (types, size, several at once, a taken name
 * refused without a policy, then each policy; replace keeps the file's id with the new bytes and
 * trashes the old bytes),
 * downloads and previews, versions (stale: 409), the paste matrix (file / folder × same / other
 * folder × name taken or not × copy / cut), a folder into itself, a paste into the trash, trash
 * and restore byte-identical, the 30-day purge, and a folder as a zip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { fileNodes, users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { SAMPLE_FOLDERS } from '../../src/domain/files/rules';
import type { FileTree } from '../../src/domain/files/wire';
import { createTestApp, type TestApp } from './helpers/app';
import { child, childNames, filesApi, item, readZip } from './helpers/files';

const work = mkdtempSync(join(tmpdir(), 'bo-files-'));
let t: TestApp;
let owner: ReturnType<typeof filesApi>;
let ownerToken: string;
let tree: FileTree;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const stored = () => (existsSync(join(work, 'files')) ? readdirSync(join(work, 'files')).length : 0);

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  // The trash empties after 30 days of the test clock: the owner's free trial (14 days in the
  // template) outlasts that, so the subscription guard keeps serving them.
  await t.db.database.db
    .update(users)
    .set({ trialEndsAt: new Date(t.clock.now + 365 * 24 * 60 * 60 * 1000) })
    .where(eq(users.email, 'clubowner@demo.test'));
  ownerToken = (await t.login('clubowner@demo.test')).access;
  owner = filesApi(t, ownerToken);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const root = () => tree.rootId;
const refresh = async () => (tree = await owner.tree());

describe('file manager', () => {
  it('opens a new tree with the sample folders, once', async () => {
    await refresh();
    expect(childNames(tree, root())).toEqual([...SAMPLE_FOLDERS].sort());
    expect(tree.nodes.every((n) => n.isFolder && n.color === '#45caf1' && n.version === 1)).toBe(true);
    expect((await owner.tree()).nodes.length).toBe(SAMPLE_FOLDERS.length);
    expect(tree.usedBytes).toBe(0);
  });

  it('lets only ADMIN and CLUBOWNER in, each on their own tree', async () => {
    expect((await t.call({ method: 'GET', url: '/api/Files/tree' })).statusCode).toBe(401);
    for (const email of ['user@demo.test', 'mover@demo.test', 'venueemployee@demo.test']) {
      const other = filesApi(t, (await t.login(email)).access);
      expect((await other.treeRes()).statusCode).toBe(403);
      expect((await other.folder(root(), 'x')).statusCode).toBe(403);
    }
    const admin = filesApi(t, (await t.login('admin@demo.test')).access);
    const platform = await admin.tree();
    expect(platform.rootId).not.toBe(root());
    const docs = child(tree, root(), 'Documents');
    // Another tree's node answers as a missing one, for every call.
    expect((await admin.patch(docs.id, { version: 1, name: 'Mine' })).statusCode).toBe(404);
    expect((await admin.folder(docs.id, 'x')).statusCode).toBe(404);
    expect((await admin.download(docs.id)).statusCode).toBe(404);
    expect((await admin.trash([item(docs)])).statusCode).toBe(404);
    expect(
      (
        await admin.paste({
          mode: 'copy',
          targetId: docs.id,
          items: [item(child(platform, platform.rootId, 'Images'))],
        })
      ).statusCode,
    ).toBe(404);
    expect((await owner.paste({ mode: 'cut', targetId: platform.rootId, items: [item(docs)] })).statusCode).toBe(404);
    expect((await admin.restore([docs.id])).statusCode).toBe(404);

    const [carla] = await t.db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
    const second = await createBusiness(t.db.database.db, 'Second Files');
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
    await insertAccount(t.db.database.db, { ...rest, email: 'files.owner@example.com', businessId: second });
    const other = filesApi(t, (await t.login('files.owner@example.com')).access);
    const theirs = await other.tree();
    expect(theirs.rootId).not.toBe(root());
    expect(childNames(theirs, theirs.rootId)).toEqual([...SAMPLE_FOLDERS].sort());
    expect((await other.download(docs.id)).statusCode).toBe(404);
  });

  it('refuses bad names with their messages and a taken name with 409', async () => {
    const cases: [string, string][] = [
      ['a/b', 'A name cannot contain / or \\'],
      ['tab\there', 'A name cannot contain control characters such as line breaks or tabs'],
      ['x'.repeat(200), 'A name is at most 120 characters'],
      ['   ', 'Enter a name'],
      ['..', 'A name cannot be . or ..'],
      // A right-to-left override makes "report<RLO>txt.pdf" read "reportfdp.txt" in the tree.
      ['report\u202Etxt.pdf', 'A name cannot contain control characters such as line breaks or tabs'],
    ];
    for (const [name, message] of cases) {
      const res = await owner.folder(root(), name);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toBe(message);
    }
    const spoof = await owner.upload(root(), [{ filename: 'invoice\u2067fdp.txt', bytes: Buffer.from('x') }]);
    expect(spoof.json().errors.file0).toBe('A name cannot contain control characters such as line breaks or tabs');
    const taken = await owner.folder(root(), 'documents');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.name).toBe('There is already a file or folder with this name here');
    const ok = await owner.folder(root(), '  Projects 2026 ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.changed[0]).toMatchObject({ name: 'Projects 2026', isFolder: true, version: 1 });
    const bad = await owner.patch(ok.json().result.changed[0].id, { version: 1, color: '#123456' });
    expect(bad.json().errors.color).toBe('Choose a colour from the palette');
    await refresh();
    expect(tree.nodes.length).toBe(SAMPLE_FOLDERS.length + 1);
  });

  it('uploads several files, refuses wrong types and sizes, and serves the bytes', async () => {
    const docs = child(tree, root(), 'Documents').id;
    const res = await owner.upload(docs, [
      { filename: 'notes.txt', bytes: Buffer.from('hello files\n') },
      { filename: 'pixel.png', bytes: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.changed.map((n: { name: string; size: number }) => [n.name, n.size])).toEqual([
      ['notes.txt', 12],
      ['pixel.png', PNG.length],
    ]);
    expect(stored()).toBe(2);
    const refusals: [string, Buffer, string][] = [
      ['setup.exe', Buffer.from('MZ...'), 'This type of file cannot be stored here'],
      ['fake.png', Buffer.from('not a png at all'), 'This type of file cannot be stored here'],
      ['page.html', Buffer.from('<script>'), 'This type of file cannot be stored here'],
      ['big.txt', Buffer.alloc(25 * 1024 * 1024 + 1, 97), 'A file must be at most 25 MB'],
    ];
    for (const [filename, bytes, message] of refusals) {
      const refused = await owner.upload(docs, [
        { filename: 'ok.txt', bytes: Buffer.from('fine') },
        { filename, bytes },
      ]);
      expect(refused.statusCode, filename).toBe(400);
      expect(refused.json().errors.file1).toBe(message);
    }
    expect(stored()).toBe(2);
    const none = await owner.upload(docs, []);
    expect(none.json().errors.file0).toBe('Choose at least one file to upload');
    await refresh();
    const notes = child(tree, docs, 'notes.txt');
    const got = await owner.download(notes.id);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toBe('attachment; filename="notes.txt"; filename*=UTF-8\'\'notes.txt');
    expect(got.body).toBe('hello files\n');
    const preview = await owner.download(child(tree, docs, 'pixel.png').id, true);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    expect(tree.usedBytes).toBe(12 + PNG.length);

    // A taken name is asked about first: without a policy the batch is refused (409 naming it), nothing kept.
    const again = (policy?: string) =>
      owner.upload(docs, [{ filename: 'notes.txt', bytes: Buffer.from('v2') }], policy);
    const asked = await again();
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errors.policy).toBe('Already in this folder: notes.txt. Choose Replace, Keep both or Skip');
    expect(stored()).toBe(2);
    expect((await again('sometimes')).json().errors.policy).toBe('Invalid value');
    // Then the chosen policy settles it: keep both, skip (bytes not kept), replace.
    expect((await again('keepBoth')).json().result.changed[0].name).toBe('notes (2).txt');
    expect((await again('skip')).json().result.skipped).toEqual(['notes.txt']);
    expect(stored()).toBe(3);
    // Replace keeps the file (its id, so its links) with the new bytes; the old bytes go to the trash.
    const replaced = (await again('replace')).json().result;
    expect(replaced.changed).toMatchObject([{ id: notes.id, name: 'notes.txt', size: 2, version: notes.version + 1 }]);
    expect((await owner.download(notes.id)).body).toBe('v2');
    await refresh();
    expect(childNames(tree, docs)).toEqual(['notes (2).txt', 'notes.txt', 'pixel.png']);
    const [old] = replaced.trashed as string[];
    expect(old).not.toBe(notes.id);
    const back = (await owner.restore([old!])).json().result.changed[0];
    expect(back).toMatchObject({ name: 'notes (3).txt', parentId: docs });
    expect((await owner.download(back.id)).body).toBe('hello files\n');
    // A business's owner uploads into their own tree only: another tree's folder is not found.
    const admin = filesApi(t, (await t.login('admin@demo.test')).access);
    const intoTheirs = await admin.upload(docs, [{ filename: 'notes.txt', bytes: Buffer.from('x') }], 'replace');
    expect(intoTheirs.statusCode).toBe(404);
    const user = filesApi(t, (await t.login('user@demo.test')).access);
    expect((await user.upload(docs, [{ filename: 'notes.txt', bytes: Buffer.from('x') }], 'replace')).statusCode).toBe(
      403,
    );
    expect((await owner.download(notes.id)).body).toBe('v2');
    expect(stored()).toBe(4);
  });

  it('renames and recolours at the version seen; a stale version answers 409 and changes nothing', async () => {
    const images = child(tree, root(), 'Images');
    const renamed = await owner.patch(images.id, { version: images.version, name: 'Photos', color: '#d64545' });
    expect(renamed.json().result.changed[0]).toMatchObject({ name: 'Photos', color: '#d64545', version: 2 });
    const stale = await owner.patch(images.id, { version: images.version, name: 'Pictures' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This changed meanwhile: look again and retry');
    const clash = await owner.patch(images.id, { version: 2, name: 'INVOICES' });
    expect(clash.statusCode).toBe(409);
    const kept = await owner.patch(images.id, { version: 2, name: 'Invoices', policy: 'keepBoth' });
    expect(kept.json().result.changed[0].name).toBe('Invoices (2)');
    const nothing = await owner.patch(images.id, { version: 3 });
    expect(nothing.json().errors.name).toBe('Give a new name or colour');
    await refresh();
    const many = await owner.color(
      [item(child(tree, root(), 'Invoices (2)')), item(child(tree, root(), 'Contracts'))],
      '#2e9e5b',
    );
    expect(many.json().result.changed.map((n: { color: string }) => n.color)).toEqual(['#2e9e5b', '#2e9e5b']);
    expect((await owner.patch(root(), { version: 1, name: 'x' })).statusCode).toBe(409);
    await refresh();
  });

  describe('paste matrix', () => {
    // Each case: a fresh pair of folders, src and dst; the item is a file or a folder (holding a file);
    // the target is its own folder (same) or dst (other); dst holds a same-named node or not.
    const cases = [];
    for (const kind of ['file', 'folder'] as const)
      for (const where of ['same', 'other'] as const)
        for (const clash of [false, true])
          for (const mode of ['copy', 'cut'] as const) cases.push({ kind, where, clash, mode });

    it.each(cases)('$mode a $kind into the $where folder, name taken: $clash', async ({ kind, where, clash, mode }) => {
      const base = (await owner.folder(root(), `case ${kind} ${where} ${clash} ${mode}`)).json().result.changed[0].id;
      const src = (await owner.folder(base, 'src')).json().result.changed[0].id;
      const dst = (await owner.folder(base, 'dst')).json().result.changed[0].id;
      const name = kind === 'file' ? 'a.txt' : 'A';
      let node;
      if (kind === 'file')
        node = (await owner.upload(src, [{ filename: name, bytes: Buffer.from('a') }])).json().result.changed[0];
      else {
        node = (await owner.folder(src, name)).json().result.changed[0];
        await owner.upload(node.id, [{ filename: 'inner.txt', bytes: Buffer.from('in') }]);
      }
      if (clash) await owner.folder(dst, name);
      const target = where === 'same' ? src : dst;
      const body = { mode, targetId: target, items: [item(node)] };
      const taken = clash && where === 'other';
      if (taken) {
        const refused = await owner.paste(body);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(`Already in this folder: ${name}. Choose Replace, Keep both or Skip`);
      }
      const res = await owner.paste({ ...body, ...(taken ? { policy: 'keepBoth' } : {}) });
      expect(res.statusCode).toBe(200);
      const answer = res.json().result;
      await refresh();
      const copyName = kind === 'file' ? 'a (2).txt' : 'A (2)';
      if (where === 'same') {
        // Copy and cut alike make a copy beside it (the brief's rule), and a cut says so.
        expect(childNames(tree, src)).toEqual([name, copyName].sort());
        expect(answer.note).toBe(mode === 'cut' ? 'duplicated' : null);
      } else {
        expect(childNames(tree, src)).toEqual(mode === 'copy' ? [name] : []);
        expect(childNames(tree, dst)).toEqual(taken ? [name, copyName].sort() : [name]);
        const placed = answer.changed[0];
        expect(placed.name).toBe(taken ? copyName : name);
        expect(placed.id === node.id).toBe(mode === 'cut');
      }
      if (kind === 'folder') {
        const copies = tree.nodes.filter(
          (n) => n.name === 'inner.txt' && tree.nodes.find((p) => p.id === n.parentId)?.parentId !== undefined,
        );
        const within = copies.filter((n) =>
          [src, dst].includes(tree.nodes.find((p) => p.id === n.parentId)!.parentId!),
        );
        expect(within.length).toBe(mode === 'copy' || where === 'same' ? 2 : 1);
      }
    });

    it('settles a batch by its one policy: replace, keep both, skip', async () => {
      const base = (await owner.folder(root(), 'policies')).json().result.changed[0].id;
      const src = (await owner.folder(base, 'src')).json().result.changed[0].id;
      const dst = (await owner.folder(base, 'dst')).json().result.changed[0].id;
      await owner.upload(
        src,
        ['x.txt', 'y.txt', 'z.txt'].map((f) => ({ filename: f, bytes: Buffer.from(f) })),
      );
      await owner.upload(
        dst,
        ['x.txt', 'y.txt'].map((f) => ({ filename: f, bytes: Buffer.from(`old ${f}`) })),
      );
      await refresh();
      const items = ['x.txt', 'y.txt', 'z.txt'].map((f) => item(child(tree, src, f)));
      const skip = (await owner.paste({ mode: 'copy', targetId: dst, items, policy: 'skip' })).json().result;
      expect(skip.skipped.length).toBe(2);
      await refresh();
      expect(childNames(tree, dst)).toEqual(['x.txt', 'y.txt', 'z.txt']);
      const old = child(tree, dst, 'x.txt');
      const replace = (
        await owner.paste({ mode: 'cut', targetId: dst, items: items.slice(0, 2), policy: 'replace' })
      ).json().result;
      expect(replace.trashed).toContain(old.id);
      await refresh();
      expect(childNames(tree, src)).toEqual(['z.txt']);
      expect((await owner.download(child(tree, dst, 'x.txt').id)).body).toBe('x.txt');
      const keep = (
        await owner.paste({ mode: 'copy', targetId: dst, items: [item(child(tree, src, 'z.txt'))], policy: 'keepBoth' })
      ).json().result;
      expect(keep.changed[0].name).toBe('z (2).txt');
    });

    it('refuses a folder into itself or below it, and a paste into the trash', async () => {
      const outer = (await owner.folder(root(), 'outer')).json().result.changed[0];
      const inner = (await owner.folder(outer.id, 'inner')).json().result.changed[0];
      for (const targetId of [outer.id, inner.id])
        for (const mode of ['cut', 'copy'] as const) {
          const res = await owner.paste({ mode, targetId, items: [item(outer)] });
          expect(res.statusCode).toBe(400);
          expect(res.json().errors.targetId).toBe('A folder cannot be moved into itself or a folder inside it');
        }
      const bin = (await owner.folder(root(), 'bin')).json().result.changed[0];
      await owner.trash([item(bin)]);
      const into = await owner.paste({ mode: 'cut', targetId: bin.id, items: [item(inner)] });
      expect(into.statusCode).toBe(409);
      expect(into.json().message).toBe('This folder is in the trash: restore it first');
      const stale = await owner.paste({ mode: 'cut', targetId: root(), items: [{ id: inner.id, version: 9 }] });
      expect(stale.statusCode).toBe(409);
      await refresh();
      expect(child(tree, outer.id, 'inner').version).toBe(1);
    });
  });

  it('trashes and restores byte-identical, into the top folder when its folder is gone', async () => {
    const box = (await owner.folder(root(), 'box')).json().result.changed[0];
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    const file = (await owner.upload(box.id, [{ filename: 'data.csv', bytes }])).json().result.changed[0];
    const gone = (await owner.trash([item(file)])).json().result;
    expect(gone.trashed).toEqual([file.id]);
    expect((await owner.download(file.id)).statusCode).toBe(404);
    const listed = (await owner.trashList()).json().result;
    expect(listed.find((e: { node: { id: string } }) => e.node.id === file.id)).toMatchObject({
      node: { id: file.id },
      path: '/box',
      files: 1,
      bytes: 3000,
    });
    await owner.restore([file.id]);
    expect((await owner.download(file.id)).rawPayload.equals(bytes)).toBe(true);
    await refresh();
    await owner.trash([item(child(tree, box.id, 'data.csv'))]);
    await owner.trash([item(box)]);
    await owner.folder(root(), 'BOX');
    expect((await owner.restore([file.id])).json().result.changed[0]).toMatchObject({
      parentId: root(),
      name: 'data.csv',
    });
    const back = (await owner.restore([box.id])).json().result.changed[0];
    expect(back.name).toBe('box (2)');
    expect((await owner.restore([box.id])).statusCode).toBe(409);
  });

  it('downloads a folder as a zip, streamed, with the files and empty folders', async () => {
    const top = (await owner.folder(root(), 'Zip me')).json().result.changed[0];
    const sub = (await owner.folder(top.id, 'sub')).json().result.changed[0];
    await owner.folder(top.id, 'empty');
    const big = Buffer.alloc(300_000, 7);
    await owner.upload(top.id, [{ filename: 'ñandú.txt', bytes: Buffer.from('bird') }]);
    await owner.upload(sub.id, [{ filename: 'big.json', bytes: big }]);
    const res = await owner.download(top.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Zip me.zip"; filename*=UTF-8\'\'Zip%20me.zip',
    );
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual([
      'Zip me/',
      'Zip me/empty/',
      'Zip me/sub/',
      'Zip me/sub/big.json',
      'Zip me/ñandú.txt',
    ]);
    for (const e of entries) expect(e.crc).toBe(crc32(e.data));
    expect(entries.find((e) => e.name.endsWith('big.json'))!.data.equals(big)).toBe(true);
  });

  it('empties the trash after 30 days, bytes included when no copy names them', async () => {
    await refresh();
    const docs = child(tree, root(), 'Documents');
    const lone = (await owner.upload(docs.id, [{ filename: 'lone.txt', bytes: Buffer.from('only me') }])).json().result
      .changed[0];
    const shared = (await owner.upload(docs.id, [{ filename: 'shared.txt', bytes: Buffer.from('two of us') }])).json()
      .result.changed[0];
    await owner.duplicate([item(shared)]);
    await owner.trash([item(lone), item(shared)]);
    const keyOf = async (id: string) =>
      (await t.db.database.db.select().from(fileNodes).where(eq(fileNodes.id, id)))[0]!.storageKey!;
    const [loneKey, sharedKey] = [await keyOf(lone.id), await keyOf(shared.id)];
    expect(existsSync(join(work, loneKey))).toBe(true);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    owner = filesApi(t, (await t.login('clubowner@demo.test')).access);
    await refresh();
    expect((await owner.trashList()).json().result).toEqual([]);
    expect(existsSync(join(work, loneKey))).toBe(false);
    expect(existsSync(join(work, sharedKey))).toBe(true);
    expect((await owner.download(child(tree, docs.id, 'shared (2).txt').id)).body).toBe('two of us');
  });

  it('takes a name typed on one computer and picked from a Mac (composed or not) as one name', async () => {
    await refresh();
    const folder = child(tree, root(), 'Contracts').id;
    const made = await owner.folder(folder, 'Caf\u00e9');
    expect(made.statusCode).toBe(200);
    // The same word with e + a combining accent, as a Mac's disk writes it.
    const decomposed = await owner.folder(folder, 'Cafe\u0301');
    expect(decomposed.statusCode).toBe(409);
    expect(decomposed.json().errors.name).toBe('There is already a file or folder with this name here');
    const upload = await owner.upload(folder, [{ filename: 'Re\u0301sume\u0301.txt', bytes: Buffer.from('cv') }]);
    expect(upload.json().result.changed[0].name).toBe('R\u00e9sum\u00e9.txt');
    expect(
      (await owner.upload(folder, [{ filename: 'R\u00e9sum\u00e9.txt', bytes: Buffer.from('cv') }])).statusCode,
    ).toBe(409);
  });

  it('asks about two files of one name in one upload (case apart) instead of renaming one unasked', async () => {
    await refresh();
    const folder = child(tree, root(), 'Contracts').id;
    const before = stored();
    const pair = (policy?: string) =>
      owner.upload(
        folder,
        [
          { filename: 'Twin.txt', bytes: Buffer.from('one') },
          { filename: 'TWIN.TXT', bytes: Buffer.from('two') },
        ],
        policy,
      );
    const asked = await pair();
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errors.policy).toBe('Already in this folder: TWIN.TXT. Choose Replace, Keep both or Skip');
    expect(stored()).toBe(before);
    await refresh();
    expect(childNames(tree, folder).filter((n) => n.toLowerCase().startsWith('twin'))).toEqual([]);
    const kept = (await pair('keepBoth')).json().result.changed.map((n: { name: string }) => n.name);
    expect(kept).toEqual(['Twin.txt', 'TWIN (2).TXT']);
  });

  it('numbers a copy of a name at the longest within the limit, so it can be renamed again', async () => {
    await refresh();
    const folder = child(tree, root(), 'Contracts').id;
    const long = `${'\u{1F4C4}'.repeat(3)}${'n'.repeat(110)}.txt`;
    const file = (await owner.upload(folder, [{ filename: long, bytes: Buffer.from('x') }])).json().result.changed[0];
    const copy = (await owner.duplicate([item(file)])).json().result.changed[0];
    expect(copy.name).toBe(`${long.slice(0, 116 - ' (2)'.length)} (2).txt`);
    expect(copy.name.length).toBeLessThanOrEqual(120);
    const again = await owner.patch(copy.id, { version: copy.version, name: copy.name, color: '#d64545' });
    expect(again.statusCode).toBe(200);
  });

  it('keeps a renamed file to the types an upload may have; a folder may be named anything', async () => {
    await refresh();
    const folder = child(tree, root(), 'Contracts').id;
    const file = (await owner.upload(folder, [{ filename: 'notes.txt', bytes: Buffer.from('hi') }])).json().result
      .changed[0];
    for (const name of ['setup.exe', 'page.html', 'notes']) {
      const refused = await owner.patch(file.id, { version: file.version, name });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().errors.name).toBe('This type of file cannot be stored here');
    }
    expect((await owner.patch(file.id, { version: file.version, name: 'notes.md' })).statusCode).toBe(200);
    const made = (await owner.folder(folder, 'old.exe')).json().result.changed[0];
    expect((await owner.patch(made.id, { version: made.version, name: 'Backups.v2' })).statusCode).toBe(200);
  });
});

/** Calls of the file manager for the API tests (tests/api/files*.test.ts). */
import type { LightMyRequestResponse } from 'fastify';
import { FILES_API, nodePath, downloadPath } from '../../../src/domain/files/rules';
import type { FileNode, FileTree } from '../../../src/domain/files/wire';
import type { TestApp } from './app';
import { multipartBody } from './multipart-body';

/** The calls of one signed-in caller; `headers` go with each (Accept-Language: the screen's language). */
export function filesApi(t: TestApp, bearer: string, headers: Record<string, string> = {}) {
  const call: TestApp['call'] = (options) =>
    t.call({ ...options, token: bearer, headers: { ...headers, ...options.headers } });
  const json = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    call({ method, url, payload });
  return {
    tree: async (): Promise<FileTree> => {
      const res = await call({ method: 'GET', url: FILES_API.tree });
      if (res.statusCode !== 200) throw new Error(`tree ${res.statusCode} ${res.body}`);
      return res.json().result;
    },
    treeRes: () => call({ method: 'GET', url: FILES_API.tree }),
    folder: (parentId: string, name: string) => json('POST', FILES_API.folders, { parentId, name }),
    patch: (id: string, body: Record<string, unknown>) => json('PATCH', nodePath(id), body),
    color: (items: Item[], color: string) => json('PATCH', FILES_API.color, { items, color }),
    paste: (body: { mode: 'copy' | 'cut'; targetId: string; items: Item[]; policy?: string }) =>
      json('POST', FILES_API.paste, body),
    duplicate: (items: Item[]) => json('POST', FILES_API.duplicate, { items }),
    trash: (items: Item[]) => json('POST', FILES_API.trash, { items }),
    restore: (ids: string[]) => json('POST', FILES_API.restore, { ids }),
    trashList: () => call({ method: 'GET', url: FILES_API.trashList }),
    upload: (parentId: string, files: { filename: string; bytes: Buffer }[], policy?: string) =>
      call({
        method: 'POST',
        url: FILES_API.upload,
        ...multipartBody(
          { parentId, ...(policy ? { policy } : {}) },
          files.map((f, i) => ({
            name: `file${i}`,
            filename: f.filename,
            type: 'application/octet-stream',
            bytes: f.bytes,
          })),
        ),
      }),
    download: (id: string, inline = false): Promise<LightMyRequestResponse> =>
      call({ method: 'GET', url: downloadPath(id, inline) }),
  };
}

export interface Item {
  id: string;
  version: number;
}
export const item = (n: FileNode): Item => ({ id: n.id, version: n.version });

/** The node named `name` under `parentId` in a tree answer. */
export function child(tree: FileTree, parentId: string, name: string): FileNode {
  const found = tree.nodes.find((n) => n.parentId === parentId && n.name === name);
  if (!found) throw new Error(`no ${name} under ${parentId}: ${tree.nodes.map((n) => n.name).join(', ')}`);
  return found;
}

export const childNames = (tree: FileTree, parentId: string) =>
  tree.nodes
    .filter((n) => n.parentId === parentId)
    .map((n) => n.name)
    .sort();

/** The entries of a stored (uncompressed) zip, read from its central directory. */
export function readZip(zip: Buffer): { name: string; crc: number; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central header');
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.push({ name, crc, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/**
 * The file manager sends one write at a time (src/custom/files/use-files.ts): a paste asked for
 * again while the first is on its way — both clicks of a quick double click on Paste, Ctrl+V
 * pressed twice — is not sent, so one paste makes one copy.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useFiles } from '../../src/custom/files/use-files';
import { FILES_API } from '../../src/domain/files/rules';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { appWrapper } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

const ROOT = '00000000-0000-4000-8000-000000000001';
const DOCS = '00000000-0000-4000-8000-000000000002';
const FILE = '00000000-0000-4000-8000-000000000003';

const wrapper = appWrapper('/file_manager');

describe('file manager writes', () => {
  it('sends a second paste asked for while the first is on its way not at all', async () => {
    let answer: (r: Response) => void = () => undefined;
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://x').pathname;
        if ((init?.method ?? 'GET') !== 'GET') {
          writes.push(path);
          return new Promise<Response>((resolve) => (answer = resolve));
        }
        if (path === FILES_API.trashList) return jsonResponse(200, { result: [] });
        return jsonResponse(200, { result: { rootId: ROOT, nodes: [], usedBytes: 0, trashBytes: 0 } });
      }),
    );
    const { result } = renderHook(() => useFiles(async () => null), { wrapper });
    await waitFor(() => expect(result.current.tree).toBeDefined());
    const items = [{ id: FILE, version: 1 }];
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.paste('copy', DOCS, items);
      second = result.current.paste('copy', DOCS, items);
    });
    await waitFor(() => expect(writes).toEqual([FILES_API.paste]));
    await expect(second).resolves.toBeNull();
    answer(jsonResponse(200, { result: { changed: [], skipped: [], trashed: [], note: null } }));
    await act(async () => void (await first));
    expect(writes).toEqual([FILES_API.paste]);
    // The next paste, once the first has answered, goes.
    let third: Promise<unknown> = Promise.resolve();
    act(() => void (third = result.current.paste('copy', DOCS, items)));
    await waitFor(() => expect(writes).toEqual([FILES_API.paste, FILES_API.paste]));
    answer(jsonResponse(200, { result: { changed: [], skipped: [], trashed: [], note: null } }));
    // Its tree and trash are read again after the answer: awaited here, while fetch is still the
    // stub. Left running, they were sent after the test, to happy-dom's real fetch and no server
    // (ECONNREFUSED 127.0.0.1:3000 printed in the run).
    await act(async () => void (await third));
  });
});

/**
 * The file manager's screen rules that are not a shared schema: a long text's preview asks the
 * server for its first 64 KB only and says it is cut (src/custom/files/PreviewPane.tsx), and the
 * sample folders show, sort and are found by their names in the reader's language
 * (src/custom/files/tree-model.ts, withShownNames).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n from 'i18next';
import { FILES } from '../../src/domain/files/rules';
import type { FileNode, FileTree } from '../../src/domain/files/wire';
import { PreviewPane } from '../../src/custom/files/PreviewPane';
import { childrenByParent, typeAhead, visibleRows, withShownNames } from '../../src/custom/files/tree-model';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});
beforeEach(async () => {
  // Whatever an earlier file left: no signed-in session, English.
  localStorage.clear();
  await switchLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await switchLanguage('en');
});

const node = (over: Partial<FileNode>): FileNode => ({
  id: '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e',
  name: 'server.log',
  parentId: 'root',
  isFolder: false,
  color: '#45caf1',
  version: 1,
  size: 3 * 1024 * 1024,
  mime: 'text/plain; charset=utf-8',
  updatedAt: '2026-11-30T10:00:00.000Z',
  deletedAt: null,
  sample: null,
  ...over,
});

const renderPane = (file: FileNode) =>
  renderInApp('/file_manager', <PreviewPane node={file} onDownload={() => undefined} />);

describe('text preview', () => {
  it('asks for the first 64 KB only and says the preview is cut', async () => {
    const fetch = vi.fn(async () => new Response('x'.repeat(FILES.previewTextBytes), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderPane(node({}));
    expect(
      await screen.findByText('Only the first 64 KB of 3.0 MB are shown here. Download the file to see all of it.'),
    ).toBeTruthy();
    const urls = fetch.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.filter((url) => url.includes('/api/Files/'))).toEqual([
      expect.stringContaining(`inline=1&bytes=${FILES.previewTextBytes}`),
    ]);
  });

  it('says nothing of a cut when the whole text is shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('short note', { status: 200 })),
    );
    renderPane(node({ name: 'note.txt', size: 10 }));
    expect(await screen.findByText('short note')).toBeTruthy();
    expect(screen.queryByText(/Only the first/)).toBeNull();
  });
});

describe('sample folders', () => {
  const sample = (name: string, id: string): FileNode =>
    node({ id, name, isFolder: true, size: 0, mime: null, sample: name.toLowerCase() });
  const tree: FileTree = {
    rootId: 'root',
    usedBytes: 0,
    trashBytes: 0,
    nodes: [
      sample('Documents', 'a'),
      sample('Images', 'b'),
      sample('Invoices', 'c'),
      sample('Contracts', 'd'),
      node({ id: 'e', name: 'Presupuestos', isFolder: true, size: 0, mime: null }),
    ],
  };
  const translate = (key: string) => (i18n.exists(key) ? i18n.t(key) : undefined);
  const shownRows = () =>
    visibleRows(
      'root',
      childrenByParent(withShownNames(tree, translate).nodes, 'alphabetically', i18n.language),
      new Set(),
    );

  it('show, sort and are found in Spanish by their Spanish names; a name of the person’s own stays', async () => {
    await switchLanguage('es');
    const rows = shownRows();
    expect(rows.map((r) => r.node.name)).toEqual(['Contratos', 'Documentos', 'Facturas', 'Imágenes', 'Presupuestos']);
    expect(rows[typeAhead(rows, 0, 'fac')]!.node.id).toBe('c');
    await switchLanguage('en');
    expect(shownRows().map((r) => r.node.name)).toEqual([
      'Contracts',
      'Documents',
      'Images',
      'Invoices',
      'Presupuestos',
    ]);
  });
});

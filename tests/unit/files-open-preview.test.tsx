/**
 * Enter or a double click on a file opens its preview (src/custom/files/FilesPage.tsx): the
 * details and preview pane takes the focus, and nothing is downloaded. Before, both downloaded
 * the file. A file with no preview says so there, beside its Download button.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import FilesPage from '../../src/custom/files/FilesPage';
import { FILES_API } from '../../src/domain/files/rules';
import type { FileNode } from '../../src/domain/files/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const ROOT = '00000000-0000-4000-8000-000000000001';
const file = (n: number, name: string, mime: string): FileNode => ({
  id: `00000000-0000-4000-8000-00000000001${n}`,
  name,
  parentId: ROOT,
  isFolder: false,
  color: '#45caf1',
  version: 1,
  size: 12,
  mime,
  updatedAt: '2026-11-30T10:00:00.000Z',
  deletedAt: null,
  sample: null,
});
const NOTES = file(1, 'notes.txt', 'text/plain');
const ARCHIVE = file(2, 'archive.zip', 'application/zip');

function renderFiles() {
  const calls = stubFetch((url) => {
    if (url.pathname === FILES_API.tree)
      return jsonResponse(200, { result: { rootId: ROOT, nodes: [NOTES, ARCHIVE], usedBytes: 24, trashBytes: 0 } });
    if (url.pathname === FILES_API.trashList) return jsonResponse(200, { result: [] });
    return new Response('Quarterly numbers', { status: 200 });
  });
  renderInApp('/file_management', <FilesPage />, { user: storedUser({ roleName: 'CLUBOWNER' }) });
  /** The downloads asked for: a file's bytes not for its preview (`inline`). */
  const downloads = () =>
    calls.filter((c) => c.url.pathname.endsWith('/download') && !c.url.searchParams.has('inline'));
  return { downloads };
}

const row = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name},`) });
const pane = () => screen.getByRole('region', { name: 'Details and preview' });

describe('opening a file', () => {
  it('a double click opens its preview, not a download', async () => {
    const { downloads } = renderFiles();
    await screen.findByRole('treeitem', { name: /^notes\.txt,/ });
    fireEvent.click(row('notes.txt'));
    fireEvent.doubleClick(row('notes.txt'));
    await screen.findByText('Quarterly numbers');
    await waitFor(() => expect(document.activeElement).toBe(pane()));
    expect(downloads()).toEqual([]);
  });

  it('Enter does the same, and a file with no preview says so beside its Download', async () => {
    const { downloads } = renderFiles();
    await screen.findByRole('treeitem', { name: /^archive\.zip,/ });
    fireEvent.click(row('archive.zip'));
    fireEvent.keyDown(row('archive.zip'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(pane()));
    expect(screen.getByText('No preview for this kind of file. Download it to open it.')).toBeTruthy();
    expect(downloads()).toEqual([]);
    // Download is the explicit action.
    fireEvent.click(within(pane()).getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(downloads()).toHaveLength(1));
  });
});

/**
 * The file tree keeps the keyboard going (src/custom/files/FileTreeView.tsx): the row tabbed into
 * is the one F2, Delete and Ctrl+C act on; when a menu or question opened from the tree has gone
 * and left the focus to no one, the tree's row takes it back; and when the active row has gone
 * (deleted), the row now in its place is the tree's tab stop, not the first.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FileNode } from '../../src/domain/files/wire';
import { FileTreeView } from '../../src/custom/files/FileTreeView';
import type { Row } from '../../src/custom/files/tree-model';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const folder = (id: string, name: string): FileNode => ({
  id,
  name,
  parentId: 'root',
  isFolder: true,
  color: '#45caf1',
  version: 1,
  size: 0,
  mime: null,
  updatedAt: '2026-11-30T10:00:00.000Z',
  deletedAt: null,
  sample: null,
});
const rowsOf = (names: string[]): Row[] =>
  names.map((name, i) => ({ node: folder(name.toLowerCase(), name), level: 1, pos: i + 1, size: names.length }));

function renderTree(rows: Row[], activeId: string | null, more: { focusRequest?: number } = {}) {
  const onActive = vi.fn();
  const props = {
    rows,
    activeId,
    selected: new Set<string>(),
    expanded: new Set<string>(),
    cutIds: new Set<string>(),
    onActive,
    onSelect: vi.fn(),
    onToggle: vi.fn(),
    onExpand: vi.fn(),
    onAction: vi.fn(),
    onDropFiles: vi.fn(),
    onMove: vi.fn(),
    ...more,
  };
  const view = render(<FileTreeView {...props} />);
  return {
    onActive,
    props,
    rerender: (over: Partial<typeof props>) => view.rerender(<FileTreeView {...props} {...over} />),
  };
}

const row = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name},`) });

describe('file tree focus', () => {
  it('makes the row tabbed into the active one', () => {
    const { onActive } = renderTree(rowsOf(['Alpha', 'Beta']), null);
    expect(row('Alpha').tabIndex).toBe(0);
    fireEvent.focus(row('Alpha'));
    expect(onActive).toHaveBeenCalledWith('alpha');
  });

  it('takes the focus back when a question has gone and left it to no one', async () => {
    const { rerender } = renderTree(rowsOf(['Alpha', 'Beta', 'Gamma']), 'beta');
    (document.activeElement as HTMLElement | null)?.blur();
    rerender({ focusRequest: 1 });
    await waitFor(() => expect(document.activeElement).toBe(row('Beta')));
  });

  it('keeps the tab stop in place when the active row has gone', () => {
    const { rerender } = renderTree(rowsOf(['Alpha', 'Beta', 'Gamma']), 'beta');
    expect(row('Beta').tabIndex).toBe(0);
    rerender({ rows: rowsOf(['Alpha', 'Gamma']) });
    expect(row('Gamma').tabIndex).toBe(0);
    expect(row('Alpha').tabIndex).toBe(-1);
  });
});

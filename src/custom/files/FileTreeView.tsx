import { useEffect, useRef, type DragEvent, type KeyboardEvent } from 'react';
import { FileOutlined, FolderFilled, FolderOpenFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { colorName } from '../../domain/files/rules';
import { formatBytes, typeAhead, type Row } from './tree-model';
import { ROW_HEIGHT, useRowWindow } from './use-row-window';
import { useTreeDrag } from './use-tree-drag';

/** Keys typed this close together make one name to look for (type-ahead). */
const TYPE_AHEAD_MS = 700;

export type TreeAction = 'rename' | 'delete' | 'copy' | 'cut' | 'paste' | 'menu' | 'open';

interface Props {
  rows: Row[];
  activeId: string | null;
  selected: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  cutIds: ReadonlySet<string>;
  onActive: (id: string) => void;
  onSelect: (ids: string[]) => void;
  onToggle: (id: string, open?: boolean) => void;
  /** Opens these folders (the pattern's `*`: every folder beside the focused row). */
  onExpand: (ids: string[]) => void;
  onAction: (action: TreeAction) => void;
  onDropFiles: (folderId: string | null, files: FileList) => void;
  /** Rows dragged onto a folder: a move there (use-tree-drag.ts). */
  onMove: (folderId: string, ids: string[]) => void;
  /**
   * Raised (a new number) when a menu or question opened from the tree has gone: the tree's row
   * takes the focus back if nothing else holds it, so the keyboard goes on where it was.
   */
  focusRequest?: number;
}

/**
 * The tree, as the WAI-ARIA tree pattern has it: one tab stop (the active row), arrows move and
 * open / close, Home / End, type-ahead, `*` opens every folder beside the row, Enter opens, Space selects (Ctrl/⌘ adds), F2 renames,
 * Ctrl/⌘+C / X / V, Delete, and Shift+F10 or the menu key for the context menu. Shift with a
 * click, an arrow, Home / End or Space selects the range from the last row picked without Shift
 * (the anchor) to that row, as the pattern's multi-select tree has it; Ctrl/⌘ with it adds the
 * range to the selection. Each row's accessible name says its name, kind and colour, so colour
 * is never the only cue. Files dropped on a folder row go into that folder; rows dragged onto a
 * folder row move there.
 *
 * Only the rows in view are drawn (use-row-window.ts), so each drawn row says its own level,
 * position and set size (aria-level / -posinset / -setsize) rather than leaving them to be
 * counted; a row the keyboard moves to is drawn and scrolled into view before it takes focus.
 */
export function FileTreeView(props: Props) {
  const { t } = useTranslation();
  const { rows, activeId } = props;
  const refs = useRef(new Map<string, HTMLDivElement>());
  const typed = useRef({ text: '', at: 0 });
  // The active row; when it has gone (deleted, moved away), the row now in its place.
  const lastIndex = useRef(0);
  const found = rows.findIndex((r) => r.node.id === activeId);
  const index = found >= 0 ? found : Math.max(0, Math.min(lastIndex.current, rows.length - 1));
  lastIndex.current = index;
  const focusTo = useRef(false);
  /** Where a Shift range starts: the last row picked without Shift. */
  const anchor = useRef<string | null>(null);
  const drag = useTreeDrag({ rows, selected: props.selected, onMove: props.onMove });
  const dragIndex = drag.source ? rows.findIndex((r) => r.node.id === drag.source) : -1;
  const view = useRowWindow(rows.length, [index, dragIndex]);

  useEffect(() => {
    if (!focusTo.current || !activeId) return;
    focusTo.current = false;
    const el = refs.current.get(activeId);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus({ preventScroll: true });
  }, [activeId, rows]);

  useEffect(() => {
    if (!props.focusRequest) return;
    // After the dialog's or menu's own focus handling: only a focus left to no one is taken.
    const frame = requestAnimationFrame(() => {
      const at = document.activeElement;
      // Left to no one, or still on the closing menu's item (the menu hides after this).
      const lost = !at || at === document.body || !!at.closest('.ant-dropdown');
      const row = rows[index];
      if (lost && row) refs.current.get(row.node.id)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [props.focusRequest]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The rows from the anchor to row `to`, added to the selection when `add`. */
  const selectRange = (to: number, add: boolean) => {
    const from = Math.max(0, anchor.current ? rows.findIndex((r) => r.node.id === anchor.current) : index);
    const ids = rows.slice(Math.min(from, to), Math.max(from, to) + 1).map((r) => r.node.id);
    props.onSelect(add ? [...new Set([...props.selected, ...ids])] : ids);
  };

  const go = (i: number, range = false, add = false) => {
    const to = Math.max(0, Math.min(rows.length - 1, i));
    const row = rows[to];
    if (!row) return;
    focusTo.current = true;
    props.onActive(row.node.id);
    if (range) return selectRange(to, add);
    anchor.current = row.node.id;
    props.onSelect([row.node.id]);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const row = rows[index];
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key;
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    const range = e.shiftKey;
    if (key === 'ArrowDown') return (handled(), go(index + 1, range, mod));
    if (key === 'ArrowUp') return (handled(), go(index - 1, range, mod));
    if (key === 'Home') return (handled(), go(0, range, mod));
    if (key === 'End') return (handled(), go(rows.length - 1, range, mod));
    if (!row) return;
    const { node } = row;
    if (key === 'ArrowRight' && node.isFolder) {
      handled();
      if (!props.expanded.has(node.id)) props.onToggle(node.id, true);
      else if (rows[index + 1]?.level === row.level + 1) go(index + 1);
      return;
    }
    if (key === 'ArrowLeft') {
      handled();
      if (node.isFolder && props.expanded.has(node.id)) return props.onToggle(node.id, false);
      const parent = rows.findLastIndex((r, i) => i < index && r.level === row.level - 1);
      if (parent >= 0) go(parent);
      return;
    }
    if (key === '*') {
      handled();
      const siblings = rows.filter((r) => r.node.parentId === node.parentId && r.node.isFolder);
      return props.onExpand(siblings.map((r) => r.node.id));
    }
    if (key === 'Enter') return (handled(), node.isFolder ? props.onToggle(node.id) : props.onAction('open'));
    // A space while a name is being typed is part of it ("Box 12"), as in the pattern's listbox.
    const typing = Date.now() - typed.current.at < TYPE_AHEAD_MS;
    if (key === ' ' && range) return (handled(), selectRange(index, mod));
    if (key === ' ' && !typing) {
      handled();
      anchor.current = node.id;
      const next = new Set(mod ? props.selected : []);
      if (mod && next.has(node.id)) next.delete(node.id);
      else next.add(node.id);
      return props.onSelect([...next]);
    }
    if (key === 'F2') return (handled(), props.onAction('rename'));
    if (key === 'Delete') return (handled(), props.onAction('delete'));
    if ((key === 'F10' && e.shiftKey) || key === 'ContextMenu') return (handled(), props.onAction('menu'));
    if (mod && ['c', 'x', 'v'].includes(key.toLowerCase()))
      return (handled(), props.onAction(({ c: 'copy', x: 'cut', v: 'paste' } as const)[key.toLowerCase() as 'c']));
    if (key.length === 1 && !mod && !e.altKey) {
      handled();
      const now = Date.now();
      typed.current = { text: now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + key : key, at: now };
      const found = typeAhead(rows, typed.current.text.length > 1 ? index - 1 : index, typed.current.text);
      if (found >= 0) go(found);
    }
  };

  const drop = (e: DragEvent, folderId: string | null) => {
    if (!e.dataTransfer.files.length) return;
    e.preventDefault();
    e.stopPropagation();
    props.onDropFiles(folderId, e.dataTransfer.files);
  };

  return (
    <div
      ref={view.ref}
      role="tree"
      aria-label={t('files.treeLabel')}
      aria-multiselectable
      className="files-tree"
      onKeyDown={onKeyDown}
    >
      {view.parts.map((part) => {
        if (part.kind === 'gap')
          // The rows not drawn: their height is computed, so it cannot be a class.
          return <div key={`gap-${part.from}`} role="none" style={{ height: part.rows * ROW_HEIGHT }} />;
        const i = part.index;
        const row = rows[i]!;
        const { node } = row;
        const open = props.expanded.has(node.id);
        const colour = t(`files.colors.${colorName(node.color)}`);
        const kind = node.isFolder ? t('files.folder') : formatBytes(node.size);
        const Icon = node.isFolder ? (open ? FolderOpenFilled : FolderFilled) : FileOutlined;
        const { onNodeDragOver, onNodeDrop, ...dragProps } = drag.rowProps(node);
        return (
          <div
            key={node.id}
            ref={(el) => void (el ? refs.current.set(node.id, el) : refs.current.delete(node.id))}
            role="treeitem"
            aria-level={row.level}
            aria-posinset={row.pos}
            aria-setsize={row.size}
            aria-expanded={node.isFolder ? open : undefined}
            aria-selected={props.selected.has(node.id)}
            aria-label={`${node.name}, ${kind}${node.isFolder ? `, ${colour}` : ''}`}
            tabIndex={i === index ? 0 : -1}
            // Tabbed into (or focused back): the row the keys act on is the one with the focus.
            onFocus={() => node.id !== activeId && props.onActive(node.id)}
            className={`files-row files-level-${Math.min(row.level, 12)}${props.selected.has(node.id) ? ' files-row-selected' : ''}${props.cutIds.has(node.id) ? ' files-row-cut' : ''}${drag.over === node.id ? ' files-row-drop' : ''}`}
            {...dragProps}
            onClick={(e) => {
              props.onActive(node.id);
              if (e.shiftKey) return selectRange(i, e.ctrlKey || e.metaKey);
              anchor.current = node.id;
              const next = new Set(e.ctrlKey || e.metaKey ? props.selected : []);
              if ((e.ctrlKey || e.metaKey) && next.has(node.id)) next.delete(node.id);
              else next.add(node.id);
              props.onSelect([...next]);
            }}
            onDoubleClick={() => (node.isFolder ? props.onToggle(node.id) : props.onAction('open'))}
            onContextMenu={(e) => {
              e.preventDefault();
              props.onActive(node.id);
              if (!props.selected.has(node.id)) props.onSelect([node.id]);
              props.onAction('menu');
            }}
            onDragOver={(e) => onNodeDragOver(e) || (e.dataTransfer.types.includes('Files') && e.preventDefault())}
            onDrop={(e) => onNodeDrop(e) || drop(e, node.isFolder ? node.id : node.parentId)}
          >
            <span
              className="files-twisty"
              aria-hidden
              onClick={(e) => {
                e.stopPropagation();
                if (node.isFolder) props.onToggle(node.id);
              }}
            >
              {node.isFolder ? (open ? '▾' : '▸') : ''}
            </span>
            <Icon aria-hidden className={node.isFolder ? `files-color-${colorName(node.color)}` : 'files-file-icon'} />
            <span className="files-name">{node.name}</span>
            {!node.isFolder && <span className="files-size">{formatBytes(node.size)}</span>}
          </div>
        );
      })}
    </div>
  );
}

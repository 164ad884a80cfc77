/**
 * Dragging nodes within the tree: a row dragged onto a folder row (or onto a file, meaning the
 * file's folder) moves it there — the cut and paste of the brief, by the same server operation
 * and with the same conflict question. The dragged rows are the selection when the row grabbed is
 * in it, else that row alone. A folder is never offered as a target for itself or a folder
 * below it (the server refuses that too). Files dragged in from the computer are uploads
 * (FileTreeView's own drop), told apart by the drag's types.
 */
import { useRef, useState, type DragEvent } from 'react';
import type { FileNode } from '../../domain/files/wire';
import type { Row } from './tree-model';

/** The drag's type for nodes of this tree (a drag from elsewhere never carries it). */
export const NODE_DRAG_TYPE = 'application/x-file-nodes';

/** The folder a drop on this node goes into: the folder itself, or a file's folder. */
export const dropFolderOf = (node: FileNode) => (node.isFolder ? node.id : node.parentId);

/** Whether `folderId` is one of `ids` or lies below one of them (a move there is refused). */
export function insideDragged(byId: ReadonlyMap<string, FileNode>, ids: readonly string[], folderId: string) {
  const dragged = new Set(ids);
  for (let n = byId.get(folderId); n; n = n.parentId ? byId.get(n.parentId) : undefined)
    if (dragged.has(n.id)) return true;
  return false;
}

export function useTreeDrag(props: {
  rows: Row[];
  selected: ReadonlySet<string>;
  onMove: (folderId: string, ids: string[]) => void;
}) {
  const dragged = useRef<string[] | null>(null);
  const [over, setOver] = useState<string | null>(null);
  /** The row grabbed, kept drawn while the drag lasts (the tree draws only the rows in view). */
  const [source, setSource] = useState<string | null>(null);
  const byId = new Map(props.rows.map((r) => [r.node.id, r.node]));

  const accepts = (node: FileNode) => {
    const folderId = dropFolderOf(node);
    const ids = dragged.current;
    if (!ids || !folderId) return null;
    if (insideDragged(byId, ids, folderId)) return null;
    return folderId;
  };

  return {
    /** The folder row shown as the drop target while a drag hovers it. */
    over,
    source,
    rowProps: (node: FileNode) => ({
      draggable: true,
      onDragStart: (e: DragEvent) => {
        const ids = props.selected.has(node.id) ? [...props.selected] : [node.id];
        dragged.current = ids;
        setSource(node.id);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(NODE_DRAG_TYPE, JSON.stringify(ids));
      },
      onDragEnd: () => {
        dragged.current = null;
        setSource(null);
        setOver(null);
      },
      /** True when this drag is ours (the row's upload drop should not handle it). */
      onNodeDragOver: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes(NODE_DRAG_TYPE)) return false;
        const folderId = accepts(node);
        if (folderId) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
        }
        setOver(folderId);
        return true;
      },
      onNodeDrop: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes(NODE_DRAG_TYPE)) return false;
        e.preventDefault();
        e.stopPropagation();
        const folderId = accepts(node);
        const ids = dragged.current ?? [];
        dragged.current = null;
        setSource(null);
        setOver(null);
        if (folderId && ids.length) props.onMove(folderId, ids);
        return true;
      },
    }),
  };
}

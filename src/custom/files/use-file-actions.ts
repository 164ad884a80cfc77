/**
 * What the toolbar, the keyboard and the context menu do, in one place: the selection, the
 * clipboard (copy / cut, then paste into the active folder), a drag onto a folder (a move), the name dialog, delete with a
 * question first and an Undo for 10 s (restore from the trash), downloads. The delete question is
 * drawn by `questionHolder` inside the app (Modal.useModal, as UnsavedQuestion does), so it follows
 * the app's theme, language and motion setting; antd's static Modal.confirm drew outside them (a
 * light dialog in dark mode, and an opening animation for a browser that asked for reduced motion).
 */
import { useMemo, useRef, useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  downloadPath,
  FOLDER_PALETTE,
  type NodeItem,
  type PaletteName,
  type PasteMode,
} from '../../domain/files/rules';
import type { FileNode, OperationResult } from '../../domain/files/wire';
import { http } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { filenameFromDisposition, saveBlob } from '../../ui/download';
import { itemOf, type useFiles } from './use-files';

type Files = ReturnType<typeof useFiles>;
export type Dialog = { kind: 'newFolder' } | { kind: 'rename'; node: FileNode } | null;

interface Feedback {
  info: (text: string) => void;
  error: (text: string) => void;
  undo: (text: string, ids: string[]) => void;
  /** A question asked from the tree has gone: the keyboard goes on from the tree. */
  backToTree?: () => void;
}

export function useFileActions(files: Files, feedback: Feedback) {
  const { t } = useTranslation();
  const [modal, questionHolder] = Modal.useModal();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [clipboard, setClipboard] = useState<{ mode: PasteMode; items: NodeItem[] } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const byId = useMemo(() => new Map((files.tree?.nodes ?? []).map((n) => [n.id, n])), [files.tree]);
  const selected = selectedIds.map((id) => byId.get(id)).filter((n): n is FileNode => Boolean(n));
  const active = activeId ? (byId.get(activeId) ?? null) : null;
  const targets = selected.length ? selected : active ? [active] : [];
  /** Where new things go: the active folder, or the active file's folder, or the top. */
  const folderId = active ? (active.isFolder ? active.id : active.parentId!) : (files.tree?.rootId ?? '');

  const run = async (work: () => Promise<OperationResult | null>, done?: (r: OperationResult) => void) => {
    try {
      const result = await work();
      if (result) done?.(result);
      return result;
    } catch (error) {
      feedback.error(errorText(t, error));
      return null;
    }
  };

  // One question at a time: a double click on Delete (or Delete pressed twice) opened a second
  // 'Delete …?' under the first, left on screen after the first was answered, and its Delete then
  // asked for the item already in the trash.
  const asking = useRef(false);
  const remove = (nodes: FileNode[]) => {
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('files.deleteTitle', { count: nodes.length, name: nodes[0]?.name }),
      content: t('files.deleteBody'),
      okText: t('files.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('resourceEngine.cancel'),
      afterClose: feedback.backToTree,
      onCancel: () => void (asking.current = false),
      onOk: () =>
        run(
          () => files.remove(nodes),
          (r) => {
            setSelectedIds([]);
            feedback.undo(t('files.deleted', { count: r.trashed.length }), r.trashed);
          },
        ).finally(() => (asking.current = false)),
    });
  };

  const download = async (node: FileNode) => {
    try {
      const res = await http.get<Blob>(downloadPath(node.id), { responseType: 'blob' });
      const fallback = node.isFolder ? `${node.name}.zip` : node.name;
      saveBlob(res.data, filenameFromDisposition(res.headers.get('content-disposition'), fallback));
    } catch (error) {
      feedback.error(errorText(t, error));
    }
  };

  const paste = () => {
    if (!clipboard) return;
    void run(
      () => files.paste(clipboard.mode, folderId, clipboard.items),
      (r) => {
        if (clipboard.mode === 'cut') setClipboard(null);
        if (r.note === 'duplicated') feedback.info(t('files.cutDuplicated'));
        if (r.trashed.length) feedback.undo(t('files.replaced', { count: r.trashed.length }), r.trashed);
        setSelectedIds(r.changed.map((n) => n.id));
      },
    );
  };

  /**
   * Rows dragged onto a folder: a cut and paste there (the same operation, the same question
   * about taken names). What is already in that folder stays put: a drag that ends where it
   * started is no paste into the same folder, which would duplicate.
   */
  const move = (targetId: string, ids: string[]) => {
    const moving = ids.map((id) => byId.get(id)).filter((n): n is FileNode => !!n && n.parentId !== targetId);
    if (!moving.length) return;
    const target = byId.get(targetId);
    void run(
      () => files.paste('cut', targetId, moving.map(itemOf)),
      (r) => {
        if (r.changed.length)
          feedback.info(t('files.moved', { count: r.changed.length, name: target?.name ?? t('files.top') }));
        if (r.trashed.length) feedback.undo(t('files.replaced', { count: r.trashed.length }), r.trashed);
        setSelectedIds(r.changed.map((n) => n.id));
      },
    );
  };

  const act = (action: string) => {
    const one = targets.length === 1 ? targets[0]! : null;
    if (action === 'newFolder') return setDialog({ kind: 'newFolder' });
    if (action === 'rename' && one) return setDialog({ kind: 'rename', node: one });
    if (action === 'delete' && targets.length) return void remove(targets);
    if (action === 'copy' || action === 'cut') {
      if (!targets.length) return;
      setClipboard({ mode: action, items: targets.map(itemOf) });
      return feedback.info(t(action === 'copy' ? 'files.copied' : 'files.cutDone', { count: targets.length }));
    }
    if (action === 'paste') return paste();
    if (action === 'duplicate' && targets.length) return void run(() => files.duplicate(targets));
    if (action === 'download' && one) return void download(one);
  };

  const recolor = (name: PaletteName) => void run(() => files.recolor(targets, FOLDER_PALETTE[name]));

  const saveName = async (name: string) => {
    const result =
      dialog?.kind === 'rename' ? await files.rename(dialog.node, name) : await files.createFolder(folderId, name);
    const made = result?.changed[0];
    if (made) {
      setActiveId(made.id);
      setSelectedIds([made.id]);
    }
    return result;
  };

  return {
    active,
    activeId,
    setActiveId,
    selected,
    selectedIds,
    setSelectedIds,
    targets,
    clipboard,
    folderId,
    dialog,
    setDialog,
    act,
    recolor,
    move,
    saveName,
    download,
    restore: (ids: string[]) => run(() => files.restore(ids)),
    /** Where the delete question is drawn: render it inside the page. */
    questionHolder,
  };
}

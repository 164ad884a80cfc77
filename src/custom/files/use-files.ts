/**
 * The file manager's data: the tree (one typed read, refreshed live when another tab or person
 * changes it), the trash, and every operation as one typed write. A write that refuses because
 * a name is taken (409 with `errors.policy`) is asked about once for the whole batch, then sent
 * again with the chosen policy; a stale version reloads the tree.
 *
 * One write at a time: a write asked for while another is on its way (a double click on Paste or
 * Duplicate, Ctrl+V pressed twice) is not sent, as the toolbar's buttons are off meanwhile. The
 * buttons alone did not hold: both clicks of a quick double click land before the page draws
 * them disabled, and the keyboard has no button, so one paste made two copies (or asked about the
 * name the first copy had just taken).
 */
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscription, type HttpError } from '@refinedev/core';
import {
  FILES_API,
  FILES_LIVE_RESOURCE,
  nodePath,
  type ConflictPolicy,
  type NodeItem,
  type PasteMode,
} from '../../domain/files/rules';
import type { FileNode, operationAnswer, OperationResult, trashAnswer, treeAnswer } from '../../domain/files/wire';
import { useApiMutation, useApiQuery } from '../../providers/use-api';
import { shownNode, withShownNames, type Translate } from './tree-model';

/** A 409 that names taken names (the server's `errors.policy`): the batch's policy is to be chosen. */
const asksPolicy = (error: unknown): error is HttpError =>
  typeof error === 'object' &&
  error !== null &&
  (error as HttpError).statusCode === 409 &&
  Boolean((error as HttpError).errors?.policy);

export const itemOf = (n: FileNode): NodeItem => ({ id: n.id, version: n.version });

/** Asks which policy settles taken names (or null: cancelled). */
/** Asks how taken names are settled: for a paste's batch, or for one node's new name (`rename`). */
export type AskPolicy = (message: string, rename: boolean) => Promise<ConflictPolicy | null>;

export function useFiles(askPolicy: AskPolicy) {
  const tree = useApiQuery<typeof treeAnswer>({ url: FILES_API.tree });
  const trash = useApiQuery<typeof trashAnswer>({ url: FILES_API.trashList });
  const write = useApiMutation<typeof operationAnswer>();
  const writing = useRef(false);
  const { t, i18n } = useTranslation();
  // Sample folders under their names in the reader's language (tree-model.ts, withShownNames).
  const translate: Translate = (key) => (i18n.exists(key) ? t(key) : undefined);
  const shownTree = useMemo(
    () => (tree.data ? withShownNames(tree.data, translate) : undefined),
    [tree.data, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const shownTrash = useMemo(
    () => (trash.data ?? []).map((e) => (e.node.sample ? { ...e, node: shownNode(e.node, translate) } : e)),
    [trash.data, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const reload = async () => {
    await Promise.all([tree.reread(), trash.reread()]);
  };
  /** The tree read again now (undefined when the read failed). */
  const fresh = async () => (await Promise.all([tree.reread(), trash.reread()]))[0];

  useSubscription({
    channel: `resources/${FILES_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: FILES_LIVE_RESOURCE },
    onLiveEvent: () => void reload(),
  });

  /** Sends a write; on a taken name asks once for the batch's policy and sends it again. */
  const send = async (
    url: string,
    method: 'post' | 'patch',
    values: Record<string, unknown>,
    rename = false,
  ): Promise<OperationResult | null> => {
    if (writing.current) return null;
    writing.current = true;
    try {
      return await write.send({ url, method, values });
    } catch (error) {
      if (!asksPolicy(error) || values.policy) throw error;
      const policy = await askPolicy(error.message, rename);
      if (!policy) return null;
      return await write.send({ url, method, values: { ...values, policy } });
    } finally {
      writing.current = false;
      await reload();
    }
  };

  return {
    tree: shownTree,
    loading: tree.query.isLoading,
    loadError: tree.query.error,
    trash: shownTrash,
    busy: write.isPending,
    reload,
    fresh,
    createFolder: (parentId: string, name: string) => send(FILES_API.folders, 'post', { parentId, name }),
    rename: (node: FileNode, name: string) => send(nodePath(node.id), 'patch', { version: node.version, name }, true),
    recolor: (nodes: FileNode[], color: string) => send(FILES_API.color, 'patch', { items: nodes.map(itemOf), color }),
    paste: (mode: PasteMode, targetId: string, items: NodeItem[]) =>
      send(FILES_API.paste, 'post', { mode, targetId, items }),
    duplicate: (nodes: FileNode[]) => send(FILES_API.duplicate, 'post', { items: nodes.map(itemOf) }),
    remove: (nodes: FileNode[]) => send(FILES_API.trash, 'post', { items: nodes.map(itemOf) }),
    restore: (ids: string[]) => send(FILES_API.restore, 'post', { ids }),
  };
}

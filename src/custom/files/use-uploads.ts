/**
 * Uploads with a bar and a cancel each: the picked or dropped files are checked here first by
 * the server's own rule (uploadRefusal), then sent one request per file so each can be
 * cancelled alone (uploadWithProgress; a cancelled upload leaves nothing stored). A file whose
 * name is taken in the folder is asked about before its bytes go (UploadConflictDialog) and sent
 * with the chosen policy; the others go without one, so a name taken meanwhile is refused by the
 * server (409) rather than renamed or replaced unasked (server/modules/files/upload-service.ts).
 * Two picked files of one name are asked about the same way, the second against the first. A
 * name taken after the files were picked (the same file picked again before the first showed in
 * the tree, another tab) comes back as that 409: it is asked about then, against the tree read
 * afresh (`takenNow`), and the file sent again with the choice.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILES_API, nameKey, uploadRefusal, type ConflictPolicy } from '../../domain/files/rules';
import type { FileNode, OperationResult } from '../../domain/files/wire';
import { ApiError, uploadWithProgress } from '../../providers/http';
import type { QueuedUpload } from '../../ui/uploads/UploadQueue';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import type { TakenName, UploadChoice } from './UploadConflictDialog';

type Ask = (taken: TakenName) => Promise<{ choice: UploadChoice; all: boolean }>;
/** The node named `name` in folder `parentId`, from the tree read again now. */
type TakenNow = (parentId: string, name: string) => Promise<FileNode | undefined>;

export function useUploads(onDone: () => void, ask: Ask, takenNow: TakenNow) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  // One question at a time: the dialog holds one (uploads refused together are asked in turn).
  const asking = useRef<Promise<unknown>>(Promise.resolve());
  const askInTurn: Ask = (taken) => {
    const answer = asking.current.then(() => ask(taken));
    asking.current = answer.catch(() => undefined);
    return answer;
  };
  const patch = (key: string, change: Partial<QueuedUpload> | null) =>
    setQueue((q) =>
      change ? q.map((i) => (i.key === key ? { ...i, ...change } : i)) : q.filter((i) => i.key !== key),
    );

  /**
   * What to do with each file whose name is taken in the folder (`taken` finds the node there),
   * or by a file before it in the same upload (two "report.pdf" picked from two folders).
   */
  const choices = async (files: File[], taken: (name: string) => FileNode | undefined) => {
    const picked = new Set<string>();
    const clashing = files.filter((f) => {
      if (uploadRefusal(f)) return false;
      const again = picked.has(nameKey(f.name));
      picked.add(nameKey(f.name));
      return again || taken(f.name);
    });
    const chosen = new Map<File, UploadChoice>();
    let forRest: UploadChoice | null = null;
    for (const [i, file] of clashing.entries()) {
      const folder = taken(file.name)?.isFolder ?? false;
      // "Do the same" never turns into replacing a folder: that file is kept beside it instead.
      if (forRest) chosen.set(file, forRest === 'replace' && folder ? 'keepBoth' : forRest);
      else {
        const answer = await askInTurn({ name: file.name, folder, more: clashing.length - i - 1 });
        chosen.set(file, answer.choice);
        if (answer.all) forRest = answer.choice;
      }
    }
    return chosen;
  };

  const start = async (parentId: string, list: FileList | File[], taken: (name: string) => FileNode | undefined) => {
    const files = Array.from(list);
    const chosen = await choices(files, taken);
    // Files of one name go one after the other, so the first is there when the next one's
    // choice (keep both, replace) is settled against it.
    const lastOfName = new Map<string, Promise<unknown>>();
    for (const file of files) {
      const choice = chosen.get(file);
      if (choice === 'cancel') continue;
      const policy: ConflictPolicy | undefined = choice;
      const key = `${file.name}-${file.size}-${Math.random()}`;
      const refusal = uploadRefusal(file);
      if (refusal) {
        setQueue((q) => [
          ...q,
          { key, name: file.name, progress: 0, error: translateMessage(t, refusal), cancel: () => {} },
        ]);
        continue;
      }
      const before = lastOfName.get(nameKey(file.name));
      let cancelled = false;
      let cancel = () => {};
      const done = (async () => {
        await before?.catch(() => undefined);
        if (cancelled) throw new DOMException('Cancelled while waiting', 'AbortError');
        const send = (chosen: ConflictPolicy | undefined) => {
          const handle = uploadWithProgress<OperationResult>(
            FILES_API.upload,
            () => {
              const form = new FormData();
              form.append('parentId', parentId);
              if (chosen) form.append('policy', chosen);
              form.append('file0', file, file.name);
              return form;
            },
            (progress) => patch(key, { progress }),
          );
          cancel = handle.cancel;
          return handle.done;
        };
        try {
          return await send(policy);
        } catch (error) {
          if (policy || cancelled || !(error instanceof ApiError) || error.status !== 409 || !error.errors.policy)
            throw error;
          const there = await takenNow(parentId, file.name);
          const answer = await askInTurn({ name: file.name, folder: there?.isFolder ?? false, more: 0 });
          if (answer.choice === 'cancel' || cancelled) throw new DOMException('Left out', 'AbortError');
          patch(key, { progress: 0 });
          return await send(answer.choice);
        }
      })();
      lastOfName.set(nameKey(file.name), done);
      const stop = () => {
        cancelled = true;
        cancel();
      };
      setQueue((q) => [...q, { key, name: file.name, progress: 0, error: null, cancel: stop }]);
      done
        .then(() => {
          patch(key, null);
          onDone();
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') patch(key, null);
          else patch(key, { error: errorText(t, error) });
        });
    }
  };

  return { queue, start, dismiss: (key: string) => patch(key, null) };
}

/**
 * Uploads with a bar and a cancel each: the picked or dropped files are checked here first by
 * the server's own rule (uploadRefusal), then sent one request per file so each can be
 * cancelled alone (uploadWithProgress; a cancelled upload leaves nothing stored).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILES_API, uploadRefusal } from '../../domain/files/rules';
import type { OperationResult } from '../../domain/files/wire';
import { uploadWithProgress } from '../../providers/http';
import type { QueuedUpload } from '../../ui/uploads/UploadQueue';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';

export function useUploads(onDone: () => void) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const patch = (key: string, change: Partial<QueuedUpload> | null) =>
    setQueue((q) =>
      change ? q.map((i) => (i.key === key ? { ...i, ...change } : i)) : q.filter((i) => i.key !== key),
    );

  const start = (parentId: string, files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      const refusal = uploadRefusal(file);
      if (refusal) {
        setQueue((q) => [
          ...q,
          { key, name: file.name, progress: 0, error: translateMessage(t, refusal), cancel: () => {} },
        ]);
        continue;
      }
      const handle = uploadWithProgress<OperationResult>(
        FILES_API.upload,
        () => {
          const form = new FormData();
          form.append('parentId', parentId);
          form.append('policy', 'keepBoth');
          form.append('file0', file, file.name);
          return form;
        },
        (progress) => patch(key, { progress }),
      );
      setQueue((q) => [...q, { key, name: file.name, progress: 0, error: null, cancel: handle.cancel }]);
      handle.done
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

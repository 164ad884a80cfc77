import type { TFunction } from 'i18next';
import { DOCUMENT_MESSAGES, type DocumentView } from '../../domain/documents/documents';
import { isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { COPY_OF, documentMessage } from './document-messages';

/**
 * A refused upload as the page shows it: which file (a person uploading several one after another
 * must know which one was refused), the server's reason and the field's text when it says more
 * ('The Free plan supports…'), and, for a second copy of a PDF already here, the document to open
 * instead.
 */
export interface UploadRefusal {
  title: string;
  message: string;
  detail: string | null;
  /** The document this file repeats (a copy refused), to open it instead. */
  copyOf: Pick<DocumentView, 'fileId' | 'fileName'> | null;
}

export function uploadRefusal(
  t: TFunction,
  fileName: string,
  error: unknown,
  documents: readonly DocumentView[],
): UploadRefusal {
  const message = error instanceof Error ? documentMessage(t, error.message) : errorText(t, error);
  const field = isApiError(error) ? error.errors.file : undefined;
  const raw = Array.isArray(field) ? field.join(', ') : (field ?? null);
  const detail = raw ? documentMessage(t, raw) : null;
  return {
    title: t('documents.notUploaded', { name: fileName }),
    message,
    detail: detail && detail !== message ? detail : null,
    copyOf: error instanceof Error && error.message === DOCUMENT_MESSAGES.duplicate ? copyNamed(raw, documents) : null,
  };
}

/**
 * The listed document the server named as the copy: the oldest live one of that name, as the
 * server picks it (document-service.ts refuseCopy); none when the list does not hold it yet.
 */
function copyNamed(text: string | null, documents: readonly DocumentView[]) {
  const name = text ? COPY_OF.exec(text)?.[1] : undefined;
  if (!name) return null;
  const named = documents
    .filter((d) => d.fileName === name && d.status !== 'failed')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return named[0] ?? null;
}

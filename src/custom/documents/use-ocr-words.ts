import { useMemo } from 'react';
import { useDataProvider } from '@refinedev/core';
import { DOCUMENTS_API, type OcrWord } from '../../domain/documents/documents';
import type { ReadOcrWords } from './use-pdf-citation';

/**
 * How the viewer reads the words OCR read on a scanned page of a document (through Refine's data
 * provider), or nothing for a file that is not a document's own (another area's preview).
 */
export function useOcrWords(fileId: string | null): ReadOcrWords | undefined {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    if (!fileId) return undefined;
    const base = DOCUMENTS_API.ocrWords.replace(':fileId', encodeURIComponent(fileId));
    return async (page: number) => {
      const url = base.replace(':page', String(page));
      const { data } = await dataProvider().custom!<{ words: OcrWord[] }>({ url, method: 'get' });
      return data.words;
    };
  }, [dataProvider, fileId]);
}

// @vitest-environment node
/**
 * A refused upload on the documents page names the file it refused (several uploaded one after
 * another: which one?), says the server's reason in the reader's language, and for a second copy
 * of a PDF already here names that document and offers to open it (tests/api/documents-copies.test.ts
 * proves the server's side).
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../src/custom/documents/locales/en.json';
import es from '../../src/custom/documents/locales/es.json';
import { DOCUMENT_MESSAGES, duplicateText, type DocumentView } from '../../src/domain/documents/documents';
import { ApiError } from '../../src/providers/http/api-error';
import { uploadRefusal } from '../../src/custom/documents/upload-refusal';

async function translatorIn(lng: 'en' | 'es') {
  const instance = i18n.createInstance();
  await instance.init({
    lng,
    resources: { en: { documents: en }, es: { documents: es } },
    defaultNS: 'documents',
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const refused = (status: number, message: string, file?: string) =>
  new ApiError(message, status, { message, errors: file ? { file } : {} });

const listed = (fileName: string, createdAt: string, status: DocumentView['status'] = 'ready') =>
  ({ id: `id-${createdAt}`, fileId: `file-${createdAt}`, fileName, createdAt, status }) as DocumentView;

describe('a refused upload', () => {
  it('names the file it refused, with the reason and the detail under it', async () => {
    const t = await translatorIn('en');
    const refusal = uploadRefusal(
      t,
      'scan-7.pdf',
      refused(400, DOCUMENT_MESSAGES.notPdf, DOCUMENT_MESSAGES.notPdf),
      [],
    );
    expect(refusal).toEqual({
      title: 'scan-7.pdf was not uploaded',
      message: 'The file is not a PDF',
      detail: null,
      copyOf: null,
    });
    const es_ = uploadRefusal(await translatorIn('es'), 'scan-7.pdf', refused(400, DOCUMENT_MESSAGES.encrypted), []);
    expect(es_.title).toBe('scan-7.pdf no se subió');
  });

  it('a second copy names the document already here and offers the oldest live one of that name', async () => {
    const documents = [
      listed('Brake manual.pdf', '2026-11-30T10:00:00.000Z'),
      listed('Brake manual.pdf', '2026-11-29T10:00:00.000Z', 'failed'),
      listed('Brake manual.pdf', '2026-11-28T10:00:00.000Z'),
      listed('Other.pdf', '2026-11-01T10:00:00.000Z'),
    ];
    const error = refused(409, DOCUMENT_MESSAGES.duplicate, duplicateText('Brake manual.pdf'));
    const refusal = uploadRefusal(await translatorIn('en'), 'copy of manual.pdf', error, documents);
    expect(refusal).toEqual({
      title: 'copy of manual.pdf was not uploaded',
      message: 'This PDF is already uploaded',
      detail: 'The same PDF is already here as “Brake manual.pdf”',
      copyOf: documents[2],
    });
    const es_ = uploadRefusal(await translatorIn('es'), 'copy of manual.pdf', error, documents);
    expect([es_.message, es_.detail]).toEqual([
      'Este PDF ya está subido',
      'El mismo PDF ya está aquí como «Brake manual.pdf»',
    ]);
    // Not in the list yet (another person's upload a moment ago): named, nothing to open.
    expect(uploadRefusal(await translatorIn('en'), 'x.pdf', error, []).copyOf).toBeNull();
  });
});

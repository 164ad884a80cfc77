import type { DocumentView } from '../../../src/domain/documents/documents';

/** A ready eight-page document as the documents list sends it (the unit tests of document chat). */
export const READY_DOCUMENT: DocumentView = {
  id: '11111111-1111-4111-8111-111111111111',
  fileId: '22222222-2222-4222-8222-222222222222',
  fileName: 'manual.pdf',
  sizeBytes: 2048,
  pages: 8,
  status: 'ready',
  error: null,
  pagesWithoutText: [],
  noTextNotice: null,
  uploadedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/**
 * A document's screen on a phone (< 768 px), where the viewer lives in a drawer: opened from a
 * citation of the chat over all documents (navigation state `{ page, quote }`), it opens the
 * drawer at that page. The viewer is a stand-in here (react-pdf has no place in happy-dom); the
 * browser test (tests/e2e/document-chat.test.ts) draws the real one.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { ViewerTarget } from '../../src/custom/documents/use-pdf-citation';
import DocumentChatPage from '../../src/custom/documents/DocumentChatPage';
import { useDocuments } from '../../src/custom/documents/use-documents';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { READY_DOCUMENT } from './helpers/documents';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

vi.mock('../../src/custom/documents/PdfViewer', () => ({
  default: ({ target }: { target: ViewerTarget | null }) => (
    <output data-testid="viewer">{target ? `page ${target.page}` : 'top'}</output>
  ),
}));

const happyWindow = window as Window & { happyDOM?: { setViewport(size: { width: number; height: number }): void } };
const atWidth = (width: number) => happyWindow.happyDOM!.setViewport({ width, height: 844 });

beforeAll(() => initEnglish());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  atWidth(1024);
});

const DOC = READY_DOCUMENT;

/** The chat over all documents as far as this test needs it: the list read, then a citation's click. */
function CitationClick() {
  const { documents } = useDocuments();
  const navigate = useNavigate();
  useEffect(() => {
    if (documents.length > 0) void navigate(`/chat_with_pdf/${DOC.fileId}`, { state: { page: 3, quote: 'x' } });
  }, [documents.length, navigate]);
  return null;
}

function renderCited(width: number) {
  atWidth(width);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/Documents/list') return jsonResponse(200, { result: [DOC] });
      return jsonResponse(200, { result: { data: [], nextCursor: null, prevCursor: null } });
    }),
  );
  // The list is read (and cached) before the document's screen opens, as from the chat over all documents.
  renderInApp('/chat_with_pdf/all', <CitationClick />, {
    route: '/chat_with_pdf/all',
    routes: { '/chat_with_pdf/:fileId': <DocumentChatPage /> },
    user: storedUser({ roleName: 'TRUCKER' }),
  });
}

describe('a document opened from a citation over all documents', () => {
  it('on a phone opens the PDF drawer at the cited page', async () => {
    renderCited(390);
    await screen.findByRole('heading', { name: 'manual.pdf' });
    // The drawer (named by the document) opens by itself, its viewer at page 3.
    await screen.findByRole('dialog', { name: 'manual.pdf' }, { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('viewer').textContent).toBe('page 3'));
  });

  it('on a desktop shows the page in the viewer beside the chat', async () => {
    renderCited(1280);
    await screen.findByRole('heading', { name: 'manual.pdf' });
    await waitFor(() => expect(screen.getByTestId('viewer').textContent).toBe('page 3'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

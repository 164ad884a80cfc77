/**
 * The PDF viewer's scrolling pages are a named region in the tab order, so a keyboard can reach
 * and scroll them (axe's scrollable-region-focusable), and each page is a named group: its name
 * sat on a plain div, which may carry none (aria-prohibited-attr), in English and in Spanish.
 * react-pdf is replaced by a document of two pages: pdfjs draws nothing under happy-dom.
 */
import { useEffect, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import PdfViewer from '../../src/custom/documents/PdfViewer';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

vi.mock('react-pdf', () => {
  const page = { rotate: 0, getViewport: () => ({ width: 600, height: 800 }) };
  const doc = { numPages: 2, getPage: async () => page };
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({ children, onLoadSuccess }: { children: ReactNode; onLoadSuccess: (d: typeof doc) => void }) => {
      useEffect(() => onLoadSuccess(doc), [onLoadSuccess]);
      return <>{children}</>;
    },
    Page: () => null,
  };
});

beforeAll(async () => {
  await initEnglish();
});
afterAll(() => switchLanguage('en'));

describe.each([
  ['en', 'PDF pages', ['Page 1', 'Page 2']],
  ['es', 'Páginas del PDF', ['Página 1', 'Página 2']],
] as const)('in %s', (language, pagesName, pageNames) => {
  it('names the scrolling pages, reachable by Tab, and each page as a group', async () => {
    await switchLanguage(language);
    const load = async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    renderInApp('/chat_with_pdf/f1', <PdfViewer fileId="f1" target={null} load={load} />);

    const pages = await screen.findByRole('region', { name: pagesName });
    expect(pages.tabIndex).toBe(0);
    expect((await screen.findAllByRole('group')).map((group) => group.getAttribute('aria-label'))).toEqual(pageNames);
  });
});

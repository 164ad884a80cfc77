/**
 * What other areas use of documents: the PDF viewer (pages drawn as they come into view, zoom,
 * turn, full screen), lazy: react-pdf, pdfjs and its worker arrive only when a PDF is shown.
 * The file manager's preview hands it `load` (its own download) and `showBack: false`.
 */
import { lazy } from 'react';

export const PdfViewer = lazy(() => import('./PdfViewer'));
export type { PdfViewerProps } from './PdfViewer';

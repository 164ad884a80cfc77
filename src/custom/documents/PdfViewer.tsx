/**
 * The PDF viewer on react-pdf / pdfjs-dist (the server reads text with the same pdfjs version).
 * This module is only ever imported lazily (DocumentChatPage, and other areas through the face's
 * `PdfViewer`: the file manager's preview), so react-pdf, pdfjs and the worker cost nothing until
 * a document is opened. Drawn on another area's screen, it asks for this area's strings itself. Every page gets a box of its real size, but only the
 * pages in view and their neighbours are drawn (a long PDF at 250 % would otherwise hold dozens of
 * canvases). A citation jumps to its page and marks the quoted passage on the text layer.
 * Full screen, a zoom or a turn resizes every box without a scroll event: the point at the top
 * of the view is kept there and the pages in view are worked out again (src/domain/documents/viewer.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import './pdf-viewer.css';
import { Alert, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  anchorAt,
  isRendered,
  pageInputProblem,
  pagesInView,
  rotateOnce,
  scrollFor,
  type PageInputProblem,
  type PagesInView,
  type ScrollAnchor,
  type ZoomStep,
} from '../../domain/documents/viewer';
import { showToast } from '../../providers/notification/toast-bus';
import { fetchPdf } from './documents-api';
import { OcrMarks } from './OcrMarks';
import { PdfToolbar } from './PdfToolbar';
import { useOcrWords } from './use-ocr-words';
import { usePdfCitation, type ViewerTarget } from './use-pdf-citation';

export type { ViewerTarget };

// The worker is bundled by Vite as its own file and fetched only when this chunk runs.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

interface PageSize {
  width: number;
  height: number;
  /** The page's own rotation, which the viewer's turns add to. */
  rotate: number;
}

const GAP = 12;
const PAD = 16;

export interface PdfViewerProps {
  /** Names the file (the page box's id); a document's file id unless `load` says otherwise. */
  fileId: string;
  target: ViewerTarget | null;
  /** Reads the PDF's bytes (default: the document's file, documents-api.ts). */
  load?: (signal: AbortSignal) => Promise<Blob>;
  /** Whether the toolbar leads back to the documents list (not in another area's preview). */
  showBack?: boolean;
}

export default function PdfViewer({ fileId, target, load, showBack = true }: PdfViewerProps) {
  const { t } = useTranslation(['translation', 'documents']);
  const { token } = theme.useToken();
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [file, setFile] = useState<Blob | null>(null);
  const [failed, setFailed] = useState(false);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [width, setWidth] = useState(0);
  const [viewHeight, setViewHeight] = useState(0);
  const [zoom, setZoom] = useState<ZoomStep>(100);
  const [rotation, setRotation] = useState(0);
  const [inView, setInView] = useState<PagesInView>({ first: 1, last: 1, current: 1 });
  // Null until the first read: a document opens at its very top.
  const anchor = useRef<ScrollAnchor | null>(null);
  const [pageText, setPageText] = useState('1');
  const [problem, setProblem] = useState<PageInputProblem | null>(null);
  // Whether the page box holds a number typed and not yet gone to: only then does it stop
  // following the page on screen. (Its focus did before: a page typed and entered kept the box
  // on that number while the pages were scrolled by hand, and leaving the box jumped back to it.)
  const typed = useRef(false);
  const [fullscreen, setFullscreen] = useState(false);

  const loadFailed = useCallback(() => {
    setFailed(true);
    showToast({ kind: 'message', type: 'error', content: t('documents.viewer.loadError'), key: 'pdf-load' });
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    setFile(null);
    setFailed(false);
    (load ?? ((signal: AbortSignal) => fetchPdf(fileId, signal)))(controller.signal).then(setFile, (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) loadFailed();
    });
    return () => controller.abort();
    // `load` is read with the file it names: a new function for the same file reads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileId, loadFailed]);

  // The page width follows the viewer's width (100 % fits the page to it); its height says how many pages show.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setViewHeight(el.clientHeight);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onLoad = useCallback(async (doc: PDFDocumentProxy) => {
    // Each page's size up front (a few ms a page), so every box has its place before it is drawn.
    const all: PageSize[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const view = page.getViewport({ scale: 1, rotation: 0 });
      all.push({ width: view.width, height: view.height, rotate: page.rotate });
    }
    setSizes(all);
    setPdf(doc);
  }, []);

  const pageWidth = Math.max(160, width - 2 * PAD) * (zoom / 100);
  const boxes = useMemo(() => {
    let top = PAD;
    return sizes.map((size) => {
      const turned = (size.rotate + rotation) % 180 !== 0;
      const ratio = turned ? size.width / size.height : size.height / size.width;
      const box = { top, height: Math.round(pageWidth * ratio) };
      top += box.height + GAP;
      return box;
    });
  }, [sizes, rotation, pageWidth]);
  const total = sizes.length;

  // What is on screen, read from the scroll position and the boxes as they are now; the page box
  // follows the current page (not while someone is typing a page number).
  const readView = useCallback(() => {
    const el = scroller.current;
    if (!el || boxes.length === 0) return;
    anchor.current = anchorAt(boxes, el.scrollTop);
    const next = pagesInView(boxes, el.scrollTop, el.clientHeight);
    setInView((prev) =>
      prev.first === next.first && prev.last === next.last && prev.current === next.current ? prev : next,
    );
    if (!typed.current) {
      setPageText(String(next.current));
      setProblem(null);
    }
  }, [boxes]);

  // Full screen, a zoom or a turn gave every box a new size (or the view a new height) and no
  // scroll event: put the same point back at the top and read what is on screen now.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || boxes.length === 0) return;
    if (anchor.current) el.scrollTop = scrollFor(boxes, anchor.current);
    readView();
  }, [boxes, viewHeight, readView]);

  const showPage = useCallback(
    (n: number) => {
      const box = boxes[n - 1];
      if (!box || !scroller.current) return;
      scroller.current.scrollTop = box.top - PAD;
      readView();
      // The page asked for, even when a short page puts the next one across the middle.
      setInView((prev) => (prev.current === n ? prev : { ...prev, current: n }));
      typed.current = false;
      setPageText(String(n));
      setProblem(null);
    },
    [boxes, readView],
  );

  // A document's own file has its scanned pages' OCR words; another area's preview (`load`) has none.
  const readOcrWords = useOcrWords(load ? null : fileId);
  const marks = usePdfCitation(pdf, target, showPage, scroller, readOcrWords);

  /** Enter goes to the page typed; leaving the box too, if a number was typed (else it is the page on screen already). */
  const submitPage = (leaving: boolean) => {
    if (!typed.current) return;
    const why = pageInputProblem(pageText, total);
    setProblem(why);
    if (!why) showPage(Number(pageText.trim()));
    // A refused number left behind: the next scroll puts the page on screen back in the box.
    else if (leaving) typed.current = false;
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <div ref={frame} className="pdf-viewer" style={{ background: token.colorBgLayout }}>
      <PdfToolbar
        fileId={fileId}
        showBack={showBack}
        loaded={pdf !== null}
        total={total}
        pageText={pageText}
        onPageText={(text) => {
          typed.current = true;
          setPageText(text);
        }}
        onSubmitPage={submitPage}
        problem={problem}
        zoom={zoom}
        onZoom={setZoom}
        onRotate={() => setRotation(rotateOnce)}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
      />
      {/* A region in the tab order: its pages scroll, and a keyboard scrolls them only once it
          can reach them (axe's scrollable-region-focusable). */}
      <div
        ref={scroller}
        onScroll={readView}
        data-testid="pdf-pages"
        className="pdf-viewer-pages"
        role="region"
        aria-label={t('documents.viewer.pages')}
        tabIndex={0}
      >
        {failed ? (
          <Alert type="error" showIcon message={t('documents.viewer.loadError')} className="pdf-viewer-alert" />
        ) : !file ? (
          <Spin tip={t('documents.viewer.loading')} className="pdf-viewer-loading">
            <div className="pdf-viewer-loading-space" />
          </Spin>
        ) : (
          <Document
            file={file}
            onLoadSuccess={(doc) => void onLoad(doc)}
            onLoadError={loadFailed}
            loading={<Spin className="pdf-viewer-loading" />}
            error={
              <Alert type="error" showIcon message={t('documents.viewer.loadError')} className="pdf-viewer-alert" />
            }
          >
            <div
              className="pdf-viewer-sheet"
              style={{ height: (boxes.at(-1)?.top ?? 0) + (boxes.at(-1)?.height ?? 0) + PAD }}
            >
              {boxes.map((box, i) => {
                const n = i + 1;
                return (
                  <div
                    key={n}
                    data-page-box={n}
                    // A named group: a plain div may not carry a name (aria-prohibited-attr).
                    role="group"
                    aria-label={t('documents.viewer.pageLabel', { page: n })}
                    className="pdf-viewer-page"
                    style={{
                      top: box.top,
                      left: Math.max(PAD, (width - pageWidth) / 2),
                      width: pageWidth,
                      height: box.height,
                      boxShadow: token.boxShadowTertiary,
                    }}
                  >
                    {isRendered(n, inView) && (
                      <Page
                        pageNumber={n}
                        width={pageWidth}
                        rotate={(sizes[i]!.rotate + rotation) % 360}
                        renderAnnotationLayer={false}
                        customTextRenderer={marks.highlightPage === n ? marks.renderText : undefined}
                        onRenderTextLayerSuccess={marks.highlightPage === n ? marks.markDrawn : undefined}
                        loading=""
                      />
                    )}
                    {marks.ocrMarks?.page === n && <OcrMarks boxes={marks.ocrMarks.boxes} rotation={rotation} />}
                  </div>
                );
              })}
            </div>
          </Document>
        )}
      </div>
    </div>
  );
}

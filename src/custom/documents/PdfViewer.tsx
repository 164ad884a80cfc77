/**
 * The PDF viewer on react-pdf / pdfjs-dist (the server reads text with the same pdfjs version).
 * This module is only ever imported lazily (DocumentChatPage), so react-pdf, pdfjs and the worker
 * cost nothing until a document is opened. Every page gets a box of its real size, but only the
 * page in view and its neighbours are drawn (a long PDF at 250 % would otherwise hold dozens of
 * canvases). A citation jumps to its page and marks the quoted passage on the text layer.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import './pdf-viewer.css';
import { Alert, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  isRendered,
  pageInputProblem,
  rotateOnce,
  type PageInputProblem,
  type ZoomStep,
} from '../../domain/documents/viewer';
import { showToast } from '../../providers/notification/toast-bus';
import { fetchPdf } from './documents-api';
import { PdfToolbar } from './PdfToolbar';
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

export default function PdfViewer({ fileId, target }: { fileId: string; target: ViewerTarget | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [file, setFile] = useState<Blob | null>(null);
  const [failed, setFailed] = useState(false);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState<ZoomStep>(100);
  const [rotation, setRotation] = useState(0);
  const [current, setCurrent] = useState(1);
  const [pageText, setPageText] = useState('1');
  const [problem, setProblem] = useState<PageInputProblem | null>(null);
  const [fullscreen, setFullscreen] = useState(false);

  const loadFailed = useCallback(() => {
    setFailed(true);
    showToast({ kind: 'message', type: 'error', content: t('documents.viewer.loadError'), key: 'pdf-load' });
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    fetchPdf(fileId, controller.signal).then(setFile, (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) loadFailed();
    });
    return () => controller.abort();
  }, [fileId, loadFailed]);

  // The page width follows the viewer's width (100 % fits the page to it).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
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

  const showPage = useCallback(
    (n: number) => {
      const box = boxes[n - 1];
      if (!box || !scroller.current) return;
      scroller.current.scrollTop = box.top - PAD;
      setCurrent(n);
      setPageText(String(n));
      setProblem(null);
    },
    [boxes],
  );

  // The page in view is the one crossing the middle of the viewer (where a cited passage is put).
  const onScroll = () => {
    const el = scroller.current;
    if (!el || boxes.length === 0) return;
    const line = el.scrollTop + el.clientHeight / 2;
    let n = 1;
    while (n < boxes.length && boxes[n]!.top <= line) n++;
    if (n === current) return;
    setCurrent(n);
    // Not while someone is typing a page number.
    if (!document.activeElement?.hasAttribute('data-page-input')) {
      setPageText(String(n));
      setProblem(null);
    }
  };

  // Zoom and rotation change every box: keep the same page in view.
  useEffect(() => {
    if (pdf) showPage(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the layout changes
  }, [zoom, rotation, pdf]);

  const { highlightPage, renderText, markDrawn } = usePdfCitation(pdf, target, showPage, scroller);

  const submitPage = () => {
    const why = pageInputProblem(pageText, total);
    setProblem(why);
    if (!why) showPage(Number(pageText.trim()));
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <div ref={frame} className="pdf-viewer" style={{ background: token.colorBgLayout }}>
      <PdfToolbar
        fileId={fileId}
        loaded={pdf !== null}
        total={total}
        pageText={pageText}
        onPageText={setPageText}
        onSubmitPage={submitPage}
        problem={problem}
        zoom={zoom}
        onZoom={setZoom}
        onRotate={() => setRotation(rotateOnce)}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
      />
      <div ref={scroller} onScroll={onScroll} data-testid="pdf-pages" className="pdf-viewer-pages">
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
                    {isRendered(n, current) && (
                      <Page
                        pageNumber={n}
                        width={pageWidth}
                        rotate={(sizes[i]!.rotate + rotation) % 360}
                        renderAnnotationLayer={false}
                        customTextRenderer={highlightPage === n ? renderText : undefined}
                        onRenderTextLayerSuccess={highlightPage === n ? markDrawn : undefined}
                        loading=""
                      />
                    )}
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

/**
 * The PDF viewer on react-pdf / pdfjs-dist (the server reads text with the same pdfjs version).
 * This module is only ever imported lazily (DocumentChatPage), so react-pdf, pdfjs and the worker
 * cost nothing until a document is opened. Every page gets a box of its real size, but only the
 * page in view and its neighbours are drawn (a long PDF at 250 % would otherwise hold dozens of
 * canvases). A citation jumps to its page and marks the quoted passage on the text layer.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import './pdf-viewer.css';
import { Alert, Button, Input, Select, Space, Spin, Tooltip, theme } from 'antd';
import {
  ArrowLeftOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PDF_ZOOM_STEPS } from '../../domain/constants';
import { findQuote, markItem, type Range } from '../../domain/documents/citations';
import {
  isRendered,
  pageInputProblem,
  rotateOnce,
  stepZoom,
  type PageInputProblem,
  type ZoomStep,
} from '../../domain/documents/viewer';
import { showToast } from '../../providers/notification/toast-bus';
import { fetchPdf } from './documents-api';

// The worker is bundled by Vite as its own file and fetched only when this chunk runs.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** A citation to show: its page and the passage to mark; `seq` makes a second click on the same one jump again. */
export interface ViewerTarget {
  page: number;
  quote: string;
  seq: number;
}

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
  const navigate = useNavigate();
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
  const [highlight, setHighlight] = useState<{ page: number; ranges: Map<number, Range[]>; seq: number } | null>(null);
  const scrolledTo = useRef(0);

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

  // A citation: go to its page, then find the passage in that page's text and mark it.
  useEffect(() => {
    if (!pdf || !target || target.seq === scrolledTo.current || target.page > pdf.numPages) return;
    scrolledTo.current = target.seq;
    showPage(target.page);
    let live = true;
    void pdf
      .getPage(target.page)
      .then((page) => page.getTextContent())
      .then((content) => {
        if (!live) return;
        const items = content.items.map((item) => ('str' in item ? item.str : ''));
        setHighlight({ page: target.page, ranges: findQuote(items, target.quote), seq: target.seq });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pdf, target, showPage]);

  const renderText = useCallback(
    ({ str, itemIndex }: { str: string; itemIndex: number }) => markItem(str, highlight?.ranges.get(itemIndex)),
    [highlight],
  );

  // Once the marked text layer is first drawn, bring the passage to the middle of the view (not
  // again when a zoom or a turn redraws it: the reader may have moved on).
  const markShown = useRef(0);
  const markDrawn = useCallback(() => {
    if (!highlight || markShown.current === highlight.seq) return;
    const el = scroller.current;
    const mark = el?.querySelector(`[data-page-box="${highlight.page}"] mark`);
    if (!el || !mark) return;
    markShown.current = highlight.seq;
    // Within the viewer only (scrollIntoView would move the whole page on a phone).
    const offset = mark.getBoundingClientRect().top - el.getBoundingClientRect().top;
    el.scrollTop += offset - el.clientHeight / 2;
  }, [highlight]);

  const submitPage = () => {
    const why = pageInputProblem(pageText, total);
    setProblem(why);
    if (!why) showPage(Number(pageText.trim()));
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen().catch(() => undefined);
  };

  const bar: CSSProperties = {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: 8,
    padding: '8px 12px',
    fontSize: token.fontSize,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorBgContainer,
  };

  return (
    <div
      ref={frame}
      className="pdf-viewer"
      style={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 0,
        background: token.colorBgLayout,
      }}
    >
      <div role="toolbar" aria-label={t('documents.viewer.toolbar')} style={bar}>
        <Button
          icon={<ArrowLeftOutlined />}
          size="small"
          aria-label={t('documents.viewer.back')}
          onClick={() => void navigate('/chat_with_pdf')}
        >
          <span className="pdf-viewer-wide">{t('documents.viewer.back')}</span>
        </Button>
        <Space size={4} align="center">
          <label htmlFor={`page-${fileId}`}>{t('documents.viewer.page')}</label>
          <Input
            id={`page-${fileId}`}
            data-page-input=""
            size="small"
            inputMode="numeric"
            value={pageText}
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `page-${fileId}-error` : undefined}
            onChange={(e) => setPageText(e.target.value)}
            onPressEnter={submitPage}
            onBlur={submitPage}
            style={{ width: 52 }}
            disabled={!pdf}
          />
          <span>{t('documents.viewer.pageOf', { total })}</span>
        </Space>
        <Space size={4}>
          <Tooltip title={t('documents.viewer.zoomOut')}>
            <Button
              className="pdf-viewer-wide"
              size="small"
              icon={<ZoomOutOutlined />}
              aria-label={t('documents.viewer.zoomOut')}
              disabled={zoom === PDF_ZOOM_STEPS[0]}
              onClick={() => setZoom((z) => stepZoom(z, -1))}
            />
          </Tooltip>
          <Select<ZoomStep>
            size="small"
            value={zoom}
            onChange={setZoom}
            aria-label={t('documents.viewer.zoom')}
            options={PDF_ZOOM_STEPS.map((z) => ({ value: z, label: `${z}%` }))}
            style={{ width: 84 }}
          />
          <Tooltip title={t('documents.viewer.zoomIn')}>
            <Button
              className="pdf-viewer-wide"
              size="small"
              icon={<ZoomInOutlined />}
              aria-label={t('documents.viewer.zoomIn')}
              disabled={zoom === PDF_ZOOM_STEPS[PDF_ZOOM_STEPS.length - 1]}
              onClick={() => setZoom((z) => stepZoom(z, 1))}
            />
          </Tooltip>
        </Space>
        <Tooltip title={t('documents.viewer.rotate')}>
          <Button
            size="small"
            icon={<RotateRightOutlined />}
            aria-label={t('documents.viewer.rotate')}
            onClick={() => setRotation(rotateOnce)}
          />
        </Tooltip>
        <Tooltip title={t(fullscreen ? 'documents.viewer.exitFullscreen' : 'documents.viewer.fullscreen')}>
          <Button
            size="small"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={t(fullscreen ? 'documents.viewer.exitFullscreen' : 'documents.viewer.fullscreen')}
            aria-pressed={fullscreen}
            onClick={toggleFullscreen}
          />
        </Tooltip>
        {problem && (
          <span id={`page-${fileId}-error`} role="alert" style={{ color: token.colorError, flexBasis: '100%' }}>
            {problem === 'notANumber'
              ? t('documents.viewer.pageNotANumber')
              : t('documents.viewer.pageOutOfRange', { total })}
          </span>
        )}
      </div>
      <div
        ref={scroller}
        onScroll={onScroll}
        data-testid="pdf-pages"
        style={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative' }}
      >
        {failed ? (
          <Alert type="error" showIcon message={t('documents.viewer.loadError')} style={{ margin: PAD }} />
        ) : !file ? (
          <Spin tip={t('documents.viewer.loading')} style={{ display: 'block', margin: '48px auto' }}>
            <div style={{ height: 48 }} />
          </Spin>
        ) : (
          <Document
            file={file}
            onLoadSuccess={(doc) => void onLoad(doc)}
            onLoadError={loadFailed}
            loading={<Spin style={{ display: 'block', margin: '48px auto' }} />}
            error={<Alert type="error" showIcon message={t('documents.viewer.loadError')} style={{ margin: PAD }} />}
          >
            <div style={{ position: 'relative', height: (boxes.at(-1)?.top ?? 0) + (boxes.at(-1)?.height ?? 0) + PAD }}>
              {boxes.map((box, i) => {
                const n = i + 1;
                return (
                  <div
                    key={n}
                    data-page-box={n}
                    aria-label={t('documents.viewer.pageLabel', { page: n })}
                    style={{
                      position: 'absolute',
                      top: box.top,
                      left: Math.max(PAD, (width - pageWidth) / 2),
                      width: pageWidth,
                      height: box.height,
                      background: '#fff',
                      boxShadow: token.boxShadowTertiary,
                    }}
                  >
                    {isRendered(n, current) && (
                      <Page
                        pageNumber={n}
                        width={pageWidth}
                        rotate={(sizes[i]!.rotate + rotation) % 360}
                        renderAnnotationLayer={false}
                        customTextRenderer={highlight?.page === n ? renderText : undefined}
                        onRenderTextLayerSuccess={highlight?.page === n ? markDrawn : undefined}
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

import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Drawer, Grid, Spin, theme } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../../domain/constants';
import { planLimits } from '../../domain/documents/documents';
import { errorText } from '../../providers/i18n/translate-message';
import { useSession } from '../../providers/use-session';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ChatPanel } from './ChatPanel';
import { DocumentStatusTag } from './DocumentStatusTag';
import type { ViewerTarget } from './PdfViewer';
import { useDocuments } from './use-documents';

// react-pdf, pdfjs and its worker load only here, when a document is opened.
const PdfViewer = lazy(() => import('./PdfViewer'));

/** The viewer and the chat fill the screen below the header (and the layout's padding). */
const FULL_HEIGHT = `calc(100dvh - ${LAYOUT.headerHeight}px - 2 * clamp(12px, 3vw, ${LAYOUT.spacingUnit * 3}px))`;

/**
 * chat_with_pdf/{fileId}: the PDF beside its chat. On a phone (< 768 px) the chat takes the
 * screen and a drawer shows the PDF; a citation opens the drawer at its page.
 */
export default function DocumentChatPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { fileId = '' } = useParams();
  const { md } = Grid.useBreakpoint();
  const phone = md === false;
  const session = useSession();
  const plan = session?.userData.plan ?? planLimits(null);
  const { businessId, documents, query } = useDocuments();
  const doc = documents.find((d) => d.fileId === fileId);
  useDocumentTitle(doc?.fileName ?? t('pages.chat_with_pdf_id'));
  const [target, setTarget] = useState<ViewerTarget | null>(null);
  const [drawer, setDrawer] = useState(false);
  const pendingCite = useRef<{ page: number; quote: string } | null>(null);

  if (query.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (query.error || !doc)
    return (
      <Alert
        type={query.error ? 'error' : 'warning'}
        showIcon
        message={query.error ? errorText(t, query.error) : t('documents.notFound')}
        action={<Link to="/chat_with_pdf">{t('documents.viewer.back')}</Link>}
      />
    );

  const jump = (to: { page: number; quote: string }) => setTarget((prev) => ({ ...to, seq: (prev?.seq ?? 0) + 1 }));
  const cite = (page: number, quote: string) => {
    // On a phone the viewer sits in a closed drawer, where it cannot scroll: the jump waits until
    // the drawer has opened (afterOpenChange), or it would land on page 1 with page 3 marked.
    if (phone && !drawer) {
      pendingCite.current = { page, quote };
      setDrawer(true);
    } else jump({ page, quote });
  };

  const viewer = (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <PdfViewer fileId={fileId} target={target} />
    </Suspense>
  );
  const panel = {
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    overflow: 'hidden',
    minHeight: 0,
  } as const;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM, height: FULL_HEIGHT, minHeight: 420 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginSM, flexWrap: 'wrap' }}>
        <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, overflowWrap: 'anywhere', flex: '1 1 auto' }}>
          {doc.fileName}
        </h1>
        <DocumentStatusTag document={doc} />
      </div>
      <div style={{ display: 'flex', gap: token.marginSM, flex: 1, minHeight: 0 }}>
        {!phone && <div style={{ ...panel, flex: 1, minWidth: 0 }}>{viewer}</div>}
        <div style={{ ...panel, width: phone ? '100%' : 'clamp(320px, 32vw, 440px)' }}>
          <ChatPanel
            document={doc}
            businessId={businessId}
            plan={plan}
            onCite={cite}
            extra={
              phone ? (
                <Button
                  icon={<FilePdfOutlined />}
                  block
                  onClick={() => setDrawer(true)}
                  style={{ marginBottom: token.marginXS }}
                >
                  {t('documents.viewer.showPdf')}
                </Button>
              ) : undefined
            }
          />
        </div>
      </div>
      {phone && (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          afterOpenChange={(open) => {
            const waiting = pendingCite.current;
            pendingCite.current = null;
            if (open && waiting) jump(waiting);
          }}
          placement="bottom"
          height="92dvh"
          title={doc.fileName}
          styles={{ body: { padding: 0 } }}
        >
          {viewer}
        </Drawer>
      )}
    </div>
  );
}

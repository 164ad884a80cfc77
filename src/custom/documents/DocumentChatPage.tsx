import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert, Button, Drawer, Flex, Grid, Spin, theme } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CitedPlace } from '../../domain/documents/citations';
import { planLimits } from '../../domain/documents/documents';
import { errorText } from '../../providers/i18n/translate-message';
import { useSession } from '../../providers/use-session';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ChatPanel } from './ChatPanel';
import { DocumentStatusTag } from './DocumentStatusTag';
import type { ViewerTarget } from './PdfViewer';
import { FULL_HEIGHT, Pane } from './DocumentPane';
import { useDocuments } from './use-documents';
import './documents.css';

// react-pdf, pdfjs and its worker load only here, when a document is opened.
const PdfViewer = lazy(() => import('./PdfViewer'));

/**
 * chat_with_pdf/{fileId}: the PDF beside its chat. On a phone (< 768 px) the chat takes the
 * screen and a drawer shows the PDF; a citation opens the drawer at its page. Opened from a
 * citation of the chat over all documents (navigation state `{ page, quote }`), it shows that page.
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
  const cited = useLocation().state as { page?: unknown; quote?: unknown } | null;
  const citedShown = useRef(false);

  // A citation from the chat over all documents: its page once the document is known (once), and
  // the screen's width: antd reads the breakpoints after the first render, so until then a phone
  // looks like a desktop and the page went to a viewer that is not there (the drawer stayed shut).
  const docKnown = doc !== undefined;
  const widthKnown = md !== undefined;
  useEffect(() => {
    if (!docKnown || !widthKnown || citedShown.current || typeof cited?.page !== 'number') return;
    citedShown.current = true;
    cite({ page: cited.page, quote: typeof cited.quote === 'string' ? cited.quote : '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the document and the width are first known
  }, [docKnown, widthKnown]);

  if (query.isLoading) return <Spin className="documents-loading" />;
  if (query.error || !doc)
    return (
      <Alert
        type={query.error ? 'error' : 'warning'}
        showIcon
        message={query.error ? errorText(t, query.error) : t('documents.notFound')}
        action={
          <Link to="/chat_with_pdf" className="documents-back-link">
            {t('documents.viewer.back')}
          </Link>
        }
      />
    );

  function jump(to: { page: number; quote: string }) {
    setTarget((prev) => ({ ...to, seq: (prev?.seq ?? 0) + 1 }));
  }
  function cite({ page, quote }: CitedPlace) {
    // On a phone the viewer sits in a closed drawer, where it cannot scroll: the jump waits until
    // the drawer has opened (afterOpenChange), or it would land on page 1 with page 3 marked.
    if (phone && !drawer) {
      pendingCite.current = { page, quote };
      setDrawer(true);
    } else jump({ page, quote });
  }

  const viewer = (
    <Suspense fallback={<Spin className="documents-loading" />}>
      <PdfViewer fileId={fileId} target={target} />
    </Suspense>
  );

  return (
    <Flex vertical gap={token.marginSM} className="documents-page" style={{ height: FULL_HEIGHT }}>
      <Flex align="center" gap={token.marginSM} wrap>
        <h1 className="documents-page-title">{doc.fileName}</h1>
        <DocumentStatusTag document={doc} />
      </Flex>
      <Flex gap={token.marginSM} className="documents-panes">
        {!phone && <Pane className="documents-pane-viewer">{viewer}</Pane>}
        <Pane className={phone ? 'documents-pane-chat documents-pane-phone' : 'documents-pane-chat'}>
          <ChatPanel
            document={doc}
            businessId={businessId}
            plan={plan}
            onCite={cite}
            extra={
              phone ? (
                <Button icon={<FilePdfOutlined />} block onClick={() => setDrawer(true)} className="documents-show-pdf">
                  {t('documents.viewer.showPdf')}
                </Button>
              ) : undefined
            }
          />
        </Pane>
      </Flex>
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
          // A name without spaces (Quarterly_Report_….pdf) wraps instead of running off the screen.
          title={<span className="documents-drawer-title">{doc.fileName}</span>}
          styles={{ body: { padding: 0 } }}
        >
          {viewer}
        </Drawer>
      )}
    </Flex>
  );
}

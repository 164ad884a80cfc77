import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Flex, Spin, theme, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sameNameTimes, type CitedPlace } from '../../domain/documents/citations';
import { markerName, planLimits } from '../../domain/documents/documents';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useClock } from '../../ui/venue/use-clock';
import { ChatPanel } from './ChatPanel';
import { FULL_HEIGHT, Pane } from './DocumentPane';
import { useDocuments } from './use-documents';
import './documents.css';

/**
 * chat_with_pdf/all: one chat over all the business's ready documents. Each citation names its
 * document and page (`[manual.pdf, p. 3]`; with its upload time when another document has that
 * name) and opens that document's screen at that page with the passage marked (navigation state
 * `{ page, quote }`, read by DocumentChatPage).
 */
export default function AllDocumentsChatPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const plan = session?.userData.plan ?? planLimits(null);
  const { businessId, documents, query } = useDocuments();
  useDocumentTitle(t('pages.chat_with_pdf_all'));
  const ready = documents.filter((d) => d.status === 'ready');

  // Two documents of one name are told apart by their upload time (docs/document-chat.md, *Ask all
  // documents*), on the business's clock (docs/architecture.md); plain names until it is known.
  const clock = useClock();
  const times = useMemo(
    () => (clock.ready ? sameNameTimes(documents, clock.date, clock.dateTime) : new Map<string, string>()),
    [documents, clock],
  );
  const nameOf = (place: CitedPlace) => {
    const when = place.fileId === undefined ? undefined : times.get(place.fileId);
    return when === undefined ? place.fileName! : t('documents.all.sameName', { name: place.fileName, date: when });
  };

  const open = (place: CitedPlace) => {
    // A citation names its document by id (its label's); one saved before labels only by its name.
    const fileId =
      place.fileId ??
      documents.find((d) => place.fileName !== undefined && markerName(d.fileName) === place.fileName)?.fileId;
    if (!fileId || !documents.some((d) => d.fileId === fileId)) {
      showToast({ kind: 'message', type: 'warning', content: t('documents.all.gone'), key: 'document-gone' });
      return;
    }
    void navigate(`/chat_with_pdf/${fileId}`, { state: { page: place.page, quote: place.quote } });
  };

  if (query.isLoading) return <Spin className="documents-loading" />;
  if (query.error) return <Alert type="error" showIcon message={errorText(t, query.error)} />;

  return (
    <Flex vertical gap={token.marginSM} className="documents-page documents-all" style={{ height: FULL_HEIGHT }}>
      <Flex align="center" gap={token.marginSM} wrap>
        <Link to="/chat_with_pdf" aria-label={t('documents.viewer.back')} className="documents-back-link">
          <ArrowLeftOutlined />
        </Link>
        <h1 className="documents-page-title">{t('documents.all.title')}</h1>
      </Flex>
      <Typography.Text type="secondary">
        {ready.length === 0 ? t('documents.all.noneReady') : t('documents.all.intro', { count: ready.length })}
      </Typography.Text>
      <Pane className="documents-pane-all">
        <ChatPanel
          document={null}
          businessId={businessId}
          plan={plan}
          onCite={open}
          nameOf={nameOf}
          askable={ready.length > 0}
        />
      </Pane>
    </Flex>
  );
}

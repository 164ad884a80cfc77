import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Empty, Progress, Space, Spin, Table, theme } from 'antd';
import { CloseOutlined, DeleteOutlined, DownloadOutlined, MessageOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_API, planLimits, uploadSizeRefusal, type DocumentView } from '../../domain/documents/documents';
import { sameNameOrder } from '../../domain/documents/citations';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { PagePanel } from '../../ui/PagePanel';
import { planName } from '../../ui/plan-text';
import { FIT_SCROLL } from '../../ui/tables/fit-scroll';
import { useClock } from '../../ui/venue/use-clock';
import { useDocumentTitle } from '../../ui/use-document-title';
import { fileSize } from '../../ui/format';
import { DOCUMENTS, downloadDocument, uploadDocument } from './documents-api';
import { counted } from '../../ui/counted';
import { documentMessage } from './document-messages';
import { uploadRefusal, type UploadRefusal } from './upload-refusal';
import { DocumentStatusTag } from './DocumentStatusTag';
import { UploadedAt } from './UploadedAt';
import { useDocuments } from './use-documents';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './documents.css';

/** A popup that names a file stays within the screen (a name may have no spaces to wrap at). */
const CONFIRM_FITS = { maxWidth: 'min(400px, calc(100vw - 16px))', overflowWrap: 'anywhere' } as const;

interface Uploading {
  name: string;
  /** 0–100 */
  percent: number;
  cancel: () => void;
}

/**
 * chat_with_pdf (TRUCKER, CLUBOWNER): the business's PDFs with their pages, size, date and
 * status; upload one with its progress and a cancel; download; delete with a confirm. The plan's
 * limits are the server's to enforce: its refusals are shown as it words them.
 */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.chat_with_pdf'));
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const userId = session?.userData.id ?? '';
  const plan = session?.userData.plan ?? null;
  const limits = plan ? { name: plan.name, pagesPerPdf: plan.pagesPerPdf, quota: plan.quota } : planLimits(null);
  const { businessId, documents, query } = useDocuments();
  // Two uploads of one name in one minute: their place in upload order, as their citations say it.
  const places = clock.ready ? sameNameOrder(documents, clock.dateTime) : new Map<string, number>();
  const invalidate = useInvalidate();
  const reload = () => invalidate({ resource: DOCUMENTS, invalidates: ['list'] });
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, unknown>();

  const start = (file: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!file) return;
    setRefusal(null);
    // The server's size rule, checked here too so an empty or a 100 MB file is not sent only to be refused.
    const sizeRefusal = uploadSizeRefusal(file.size);
    if (sizeRefusal) {
      setRefusal({
        title: t('documents.notUploaded', { name: file.name }),
        message: documentMessage(t, sizeRefusal),
        detail: null,
        copyOf: null,
      });
      return;
    }
    const handle = uploadDocument(file, userId, (fraction) =>
      setUploading((u) => (u ? { ...u, percent: Math.round(fraction * 100) } : u)),
    );
    setUploading({ name: file.name, percent: 0, cancel: handle.cancel });
    handle.done.then(
      (doc) => {
        setUploading(null);
        showToast({ kind: 'message', type: 'success', content: t('documents.uploaded', { name: doc.fileName }) });
        void reload();
      },
      (error: unknown) => {
        setUploading(null);
        if (error instanceof DOMException && error.name === 'AbortError') {
          showToast({ kind: 'message', type: 'info', content: t('documents.uploadCancelled') });
        } else setRefusal(uploadRefusal(t, file.name, error, documents));
      },
    );
  };

  const remove = async (doc: DocumentView) => {
    try {
      await mutateAsync({
        url: `${DOCUMENTS_API.document}?${new URLSearchParams({ documentId: doc.id, businessId })}`,
        method: 'delete',
        values: undefined,
        successNotification: false,
        errorNotification: false,
      });
      showToast({ kind: 'message', type: 'success', content: t('documents.deleted', { name: doc.fileName }) });
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    }
    await reload();
  };

  const download = (doc: DocumentView) =>
    downloadDocument(businessId, doc.fileId).catch((error: unknown) =>
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) }),
    );

  return (
    <PagePanel
      title={t('pages.chat_with_pdf')}
      intro={t('documents.intro', {
        plan: planName(t, limits.name),
        pages: t('documents.pagesCount', counted(limits.pagesPerPdf)),
        quota: t('documents.uploadsCount', counted(limits.quota)),
      })}
    >
      <Space direction="vertical" size="middle" className="documents-full-width">
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            message={refusal.title}
            description={
              <>
                <div>{refusal.message}</div>
                {refusal.detail && <div>{refusal.detail}</div>}
                {refusal.copyOf && (
                  <Link to={`/chat_with_pdf/${refusal.copyOf.fileId}`}>
                    {t('documents.openCopy', { name: refusal.copyOf.fileName })}
                  </Link>
                )}
              </>
            }
            onClose={() => setRefusal(null)}
          />
        )}
        <Space wrap className="documents-toolbar">
          <Space wrap>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => picker.current?.click()}
              disabled={uploading !== null || !businessId}
            >
              {t('documents.upload')}
            </Button>
            {/* One chat over every ready document; until one is ready there is nothing to ask. */}
            <Button
              icon={<MessageOutlined />}
              onClick={() => void navigate('/chat_with_pdf/all')}
              disabled={!documents.some((d) => d.status === 'ready')}
            >
              {t('documents.askAll')}
            </Button>
          </Space>
          {uploading && (
            <Space className="documents-upload" data-testid="document-upload">
              <span style={{ color: token.colorTextSecondary }}>{uploading.name}</span>
              <Progress
                percent={uploading.percent}
                size="small"
                className="documents-upload-progress"
                aria-label={t('documents.progressOf', { name: uploading.name })}
              />
              <Button
                size="small"
                icon={<CloseOutlined />}
                onClick={uploading.cancel}
                aria-label={t('documents.cancelUpload', { name: uploading.name })}
              />
            </Space>
          )}
        </Space>
        <input
          ref={picker}
          type="file"
          hidden
          accept="application/pdf,.pdf"
          data-testid="document-file"
          onChange={(e) => start(e.target.files?.[0])}
        />
        {query.isLoading ? (
          <Spin />
        ) : query.error ? (
          <Alert type="error" showIcon message={errorText(t, query.error)} />
        ) : documents.length === 0 ? (
          <Empty description={t('documents.empty')} />
        ) : (
          <Table<DocumentView>
            rowKey="id"
            size="middle"
            pagination={false}
            scroll={FIT_SCROLL}
            dataSource={documents}
            columns={[
              {
                title: t('documents.columns.name'),
                key: 'name',
                render: (_, d) => (
                  <>
                    <Link to={`/chat_with_pdf/${d.fileId}`} className="documents-file-link">
                      {d.fileName}
                    </Link>
                    {/* On a phone the Uploaded column is hidden: the moment goes under the name, so
                        two uploads of one name still tell apart. */}
                    <div className="documents-uploaded-under">
                      <UploadedAt value={d.createdAt} clock={clock} place={places.get(d.fileId)} />
                    </div>
                  </>
                ),
              },
              {
                title: t('documents.columns.status'),
                key: 'status',
                render: (_, d) => <DocumentStatusTag document={d} />,
              },
              {
                title: t('documents.columns.pages'),
                dataIndex: 'pages',
                key: 'pages',
                align: 'right',
                responsive: ['md'],
              },
              {
                title: t('documents.columns.size'),
                key: 'size',
                align: 'right',
                responsive: ['md'],
                render: (_, d) => fileSize(d.sizeBytes),
              },
              {
                title: t('documents.columns.uploaded'),
                key: 'uploaded',
                responsive: ['sm'],
                render: (_, d) => <UploadedAt value={d.createdAt} clock={clock} place={places.get(d.fileId)} />,
              },
              {
                title: t('documents.columns.actions'),
                key: 'actions',
                render: (_, d) => (
                  <Space size="small">
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={t('documents.download', { name: d.fileName })}
                      onClick={() => void download(d)}
                    />
                    <SteadyPopconfirm
                      // Its title names the file: a name without spaces wraps inside the screen.
                      styles={{ root: CONFIRM_FITS }}
                      title={t('documents.deleteConfirm', { name: d.fileName })}
                      description={t('documents.deleteNote')}
                      okText={t('documents.deleteYes')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('documents.keep')}
                      onConfirm={() => remove(d)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('documents.delete', { name: d.fileName })}
                      />
                    </SteadyPopconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Space>
    </PagePanel>
  );
}

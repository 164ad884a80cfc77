import { Suspense, useEffect, useState } from 'react';
import { Button, Descriptions, Empty, Flex, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { colorName, downloadPath, FILES } from '../../domain/files/rules';
import type { FileNode } from '../../domain/files/wire';
import { http } from '../../providers/http';
import { useClock } from '../../ui/venue/use-clock';
import { PdfViewer } from '../documents';
import { formatBytes } from './tree-model';

const TEXT_PREVIEW_BYTES = FILES.previewTextBytes;

/** How a file's bytes are shown here, when they are read as they are (a PDF has its own viewer). */
const readKind = (node: FileNode | null) =>
  node?.mime?.startsWith('image/') ? 'image' : node?.mime?.startsWith('text/') ? 'text' : null;

/**
 * The bytes of a previewable file, read with the session's token (a plain <img src> cannot). A
 * text's first 64 KB only: the server reads no more than that from storage (`?bytes=`), so a
 * 200 MB log previews as fast as a short note.
 */
function usePreview(node: FileNode | null) {
  const [state, setState] = useState<{ url?: string; text?: string } | null>(null);
  const kind = readKind(node);
  useEffect(() => {
    setState(null);
    if (!node || !kind) return;
    const controller = new AbortController();
    let made: string | undefined;
    const path = downloadPath(node.id, true, kind === 'text' ? TEXT_PREVIEW_BYTES : undefined);
    http
      .get<Blob>(path, { signal: controller.signal, responseType: 'blob' })
      .then(async ({ data }) => {
        if (kind === 'image') setState({ url: (made = URL.createObjectURL(data)) });
        else setState({ text: await data.slice(0, TEXT_PREVIEW_BYTES).text() });
      })
      .catch(() => setState(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [node?.id, node?.version, kind]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

/** A PDF's bytes, read with the session's token (inline, as the preview of any file). */
const pdfLoader = (id: string) => (signal: AbortSignal) =>
  http.get<Blob>(downloadPath(id, true), { signal, responseType: 'blob' }).then(({ data }) => data);

/**
 * The selected node's details, its preview (images, text; PDFs in the documents area's viewer,
 * whose code loads only when a PDF is selected) and its download.
 */
export function PreviewPane({ node, onDownload }: { node: FileNode | null; onDownload: (n: FileNode) => void }) {
  const { t } = useTranslation();
  const clock = useClock();
  const preview = usePreview(node);
  if (!node) return <Empty description={t('files.nothingSelected')} />;
  return (
    <Flex vertical gap="middle" className="files-preview" aria-live="polite">
      <Typography.Title level={2} className="files-preview-title">
        {node.name}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'kind',
            label: t('files.kind'),
            children: node.isFolder ? t('files.folder') : (node.mime ?? '').split(';')[0],
          },
          ...(node.isFolder
            ? [{ key: 'color', label: t('files.colorLabel'), children: t(`files.colors.${colorName(node.color)}`) }]
            : [{ key: 'size', label: t('files.size'), children: formatBytes(node.size) }]),
          { key: 'updated', label: t('files.updated'), children: clock.dateTime(node.updatedAt) },
        ]}
      />
      {preview?.url && (
        <img src={preview.url} alt={t('files.previewOf', { name: node.name })} className="files-image" />
      )}
      {node.mime === 'application/pdf' && (
        <div className="files-pdf" aria-label={t('files.previewOf', { name: node.name })} role="region">
          <Suspense fallback={<Spin className="files-pdf-loading" />}>
            <PdfViewer
              key={`${node.id}:${node.version}`}
              fileId={node.id}
              target={null}
              load={pdfLoader(node.id)}
              showBack={false}
            />
          </Suspense>
        </div>
      )}
      {preview?.text !== undefined && (
        <>
          <pre className="files-text" aria-label={t('files.previewOf', { name: node.name })}>
            {preview.text}
          </pre>
          {node.size > TEXT_PREVIEW_BYTES && (
            <Typography.Text type="secondary" className="files-preview-cut">
              {t('files.previewCut', { shown: formatBytes(TEXT_PREVIEW_BYTES), size: formatBytes(node.size) })}
            </Typography.Text>
          )}
        </>
      )}
      {!node.isFolder && !readKind(node) && node.mime !== 'application/pdf' && (
        <Typography.Text type="secondary">{t('files.noPreview')}</Typography.Text>
      )}
      <Button icon={<DownloadOutlined />} onClick={() => onDownload(node)}>
        {node.isFolder ? t('files.downloadZip') : t('files.actions.download')}
      </Button>
    </Flex>
  );
}

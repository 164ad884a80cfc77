import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCustomMutation, useInvalidate, useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Col, Empty, Flex, Input, Row, Spin } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GALLERY_API, GALLERY_IMAGE, galleryFileRefusal, type GalleryImage } from '../../domain/gallery/gallery';
import { venuePath } from '../../domain/venue/api';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import { uploadImage } from './gallery-api';
import { GalleryTile } from './GalleryTile';
import { UploadQueue, type QueuedUpload } from '../../ui/uploads/UploadQueue';
import './gallery.css';

/** The cache key's resource name (also the live channel the server publishes on). */
const GALLERY = 'gallery';

/**
 * club_gallery_management (club owners): the selected venue's images. Several files go up at
 * once, one request each, so each has its own bar and cancel; the grid is Refine's useList,
 * refreshed live when an image is added, changed or removed (here or in another tab).
 */
export default function GalleryPage() {
  const { t } = useTranslation();
  const session = useSession();
  // A mover (gallery_management) has no venues: the gallery is the business's own images.
  const byVenue = session?.userData.roleName !== 'MOVER';
  const title = t(byVenue ? 'pages.club_gallery_management' : 'pages.gallery_management');
  useDocumentTitle(title);
  const businessId = session?.userData.business?.id ?? '';
  const { venue, loading } = useSelectedVenue();
  const ready = Boolean(businessId && (venue || !byVenue));
  const [query, setQuery] = useState('');
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidate();
  const reload = () => invalidate({ resource: GALLERY, invalidates: ['list'] });

  const { result, query: list } = useList<GalleryImage>({
    resource: GALLERY,
    meta: { path: GALLERY_API.gallery },
    pagination: { mode: 'off' },
    filters: [
      { field: 'businessId', operator: 'eq', value: businessId },
      ...(byVenue ? [{ field: 'venueId', operator: 'eq' as const, value: venue?.id ?? '' }] : []),
      { field: 'query', operator: 'eq', value: query.trim() },
    ],
    liveMode: 'auto',
    queryOptions: { enabled: ready },
    errorNotification: false,
  });
  const images = result.data;
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, unknown>();

  const change = async (url: string, method: 'patch' | 'delete', values: unknown, done?: string) => {
    try {
      await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      if (done) showToast({ kind: 'message', type: 'success', content: done });
      setFailure(null);
    } catch (error) {
      setFailure(errorText(t, error));
    }
    await reload();
  };

  const patchQueue = (key: string, patch: Partial<QueuedUpload> | null) =>
    setQueue((q) => (patch ? q.map((i) => (i.key === key ? { ...i, ...patch } : i)) : q.filter((i) => i.key !== key)));

  const start = (files: FileList | null) => {
    if (!files || !ready) return;
    for (const file of Array.from(files)) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      // Refused here, before a byte is sent, by the limits the server applies (src/domain/gallery).
      const refusal = galleryFileRefusal(file);
      if (refusal) {
        const error = translateMessage(t, refusal);
        setQueue((q) => [...q, { key, name: file.name, progress: 0, error, cancel: () => undefined }]);
        continue;
      }
      const handle = uploadImage(file, venue?.id ?? null, (progress) => patchQueue(key, { progress }));
      setQueue((q) => [...q, { key, name: file.name, progress: 0, error: null, cancel: handle.cancel }]);
      handle.done.then(
        () => {
          patchQueue(key, null);
          void reload();
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') patchQueue(key, null);
          else patchQueue(key, { error: errorText(t, error) });
        },
      );
    }
    if (picker.current) picker.current.value = '';
  };

  const move = (index: number, step: -1 | 1) => {
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + step, 0, id!);
    void change(GALLERY_API.order, 'patch', { ids });
  };

  if (byVenue && !loading && !venue) {
    return (
      <PagePanel title={title}>
        <Alert
          type="info"
          showIcon
          message={t('gallery.noVenue')}
          action={<Link to="/club_management/create">{t('gallery.addVenue')}</Link>}
        />
      </PagePanel>
    );
  }

  const shownFailure = failure ?? (list.error ? errorText(t, list.error) : null);
  return (
    <PagePanel
      title={title}
      intro={venue ? t('gallery.intro', { venue: venue.name }) : byVenue ? undefined : t('gallery.introBusiness')}
    >
      {shownFailure && (
        <Alert
          type="error"
          showIcon
          closable
          message={shownFailure}
          onClose={() => setFailure(null)}
          className="gallery-alert"
        />
      )}
      <Flex wrap gap="small" align="center" justify="space-between" className="gallery-toolbar">
        <Input.Search
          allowClear
          placeholder={t('gallery.search')}
          aria-label={t('gallery.search')}
          onSearch={setQuery}
          className="gallery-search"
        />
        <Button type="primary" icon={<UploadOutlined />} onClick={() => picker.current?.click()} disabled={!ready}>
          {t('gallery.upload')}
        </Button>
      </Flex>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="gallery-files"
        accept={GALLERY_IMAGE.types.join(',')}
        onChange={(e) => start(e.target.files)}
      />
      <UploadQueue items={queue} onDismiss={(key) => patchQueue(key, null)} />
      {list.isLoading || loading ? (
        <Spin />
      ) : images.length === 0 ? (
        <Empty description={query ? t('gallery.noMatch') : t('gallery.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {images.map((image, index) => (
            <Col key={image.id} xs={24} sm={12} md={8} xl={6}>
              <GalleryTile
                image={image}
                first={index === 0}
                last={index === images.length - 1}
                onMove={(step) => move(index, step)}
                onCover={() =>
                  void change(venuePath(GALLERY_API.image, { id: image.id }), 'patch', { isCover: !image.isCover })
                }
                onCaption={(caption) =>
                  void change(venuePath(GALLERY_API.image, { id: image.id }), 'patch', { caption }, t('gallery.saved'))
                }
                onDelete={() =>
                  void change(`${GALLERY_API.gallery}?imageId=${image.id}`, 'delete', undefined, t('gallery.deleted'))
                }
              />
            </Col>
          ))}
        </Row>
      )}
    </PagePanel>
  );
}

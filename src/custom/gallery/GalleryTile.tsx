import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../domain/gallery/gallery';
import { useImageUrl } from './gallery-api';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

interface Props {
  image: GalleryImage;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onCover: () => void;
  onCaption: (caption: string) => void;
  onDelete: () => void;
}

/** One image: its thumbnail, caption (edited in place), cover star, move and delete. */
export function GalleryTile({ image, first, last, onMove, onCover, onCaption, onDelete }: Props) {
  const { t } = useTranslation();
  const thumbnail = useImageUrl(image.thumbnailUrl);
  const label = image.caption || t('gallery.untitled');
  return (
    <Card
      size="small"
      className="gallery-tile"
      cover={<div className="gallery-thumb">{thumbnail && <img src={thumbnail} alt={label} />}</div>}
      actions={[
        // The grid reads left to right, row after row: earlier is to the left, later to the right.
        <Tooltip key="earlier" title={t('gallery.moveEarlier')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            disabled={first}
            aria-label={t('gallery.moveEarlierOf', { name: label })}
            onClick={() => onMove(-1)}
          />
        </Tooltip>,
        <Tooltip key="later" title={t('gallery.moveLater')}>
          <Button
            type="text"
            icon={<ArrowRightOutlined />}
            disabled={last}
            aria-label={t('gallery.moveLaterOf', { name: label })}
            onClick={() => onMove(1)}
          />
        </Tooltip>,
        <Tooltip key="cover" title={image.isCover ? t('gallery.isCover') : t('gallery.makeCover')}>
          <Button
            type="text"
            icon={image.isCover ? <StarFilled className="gallery-cover-star" /> : <StarOutlined />}
            aria-pressed={image.isCover}
            aria-label={t('gallery.makeCoverOf', { name: label })}
            onClick={onCover}
          />
        </Tooltip>,
        <SteadyPopconfirm
          key="delete"
          title={t('gallery.deleteConfirm')}
          onConfirm={onDelete}
          okText={t('gallery.delete')}
        >
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('gallery.deleteOf', { name: label })} />
        </SteadyPopconfirm>,
      ]}
    >
      <Space direction="vertical" size={4} className="gallery-full-width">
        {image.isCover && <Tag color="gold">{t('gallery.cover')}</Tag>}
        <Typography.Paragraph
          className="gallery-caption"
          type={image.caption ? undefined : 'secondary'}
          editable={{
            text: image.caption,
            maxLength: 300,
            tooltip: t('gallery.editCaption'),
            onChange: (value) => value.trim() !== image.caption && onCaption(value),
          }}
        >
          {label}
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}

import { useState } from 'react';
import { Alert, Button, Empty, Modal, Spin } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API } from '../../../domain/email-templates/api';
import type { emailImageList } from '../../../domain/email-templates/wire';
import { errorText } from '../../../providers/i18n/translate-message';
import { useApiQuery } from '../../../providers/use-api';
import { fileSize } from '../../../ui/format';
import { useClock } from '../../../ui/venue/use-clock';

/**
 * An image block's picture from those the business uploaded before (docs/email-templates.md,
 * "Pictures"): the list is a signed-in call, read when the dialog opens; each picture is shown
 * from its public address, the one the block keeps and the mail names.
 */
export function ImagePicker({ onPicked }: { onPicked: (path: string) => void }) {
  const { t } = useTranslation();
  const clock = useClock();
  const [open, setOpen] = useState(false);
  const list = useApiQuery<typeof emailImageList>({
    url: EMAIL_TEMPLATES_API.images,
    queryOptions: { enabled: open },
  });
  const pick = (path: string) => {
    onPicked(path);
    setOpen(false);
  };
  const body = () => {
    if (list.query.error) return <Alert type="error" showIcon message={errorText(t, list.query.error)} />;
    if (!list.data) return <Spin aria-busy="true" />;
    if (!list.data.length) return <Empty description={t('emailTemplates.visual.pickNone')} />;
    return (
      <ul className="et-picks">
        {list.data.map((image) => {
          const name = t('emailTemplates.visual.pickOne', {
            at: clock.dateTime(image.createdAt),
            size: fileSize(image.bytes),
          });
          return (
            <li key={image.path}>
              <button type="button" className="et-pick" aria-label={name} title={name} onClick={() => pick(image.path)}>
                <img src={image.path} alt="" loading="lazy" />
              </button>
            </li>
          );
        })}
      </ul>
    );
  };
  return (
    <>
      <Button
        size="small"
        icon={<PictureOutlined />}
        onClick={() => {
          setOpen(true);
          // An upload since the last opening is listed too.
          void list.reread();
        }}
      >
        {t('emailTemplates.visual.pickUploaded')}
      </Button>
      <Modal
        open={open}
        title={t('emailTemplates.visual.pickTitle')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {body()}
      </Modal>
    </>
  );
}

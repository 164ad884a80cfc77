import { useRef, useState } from 'react';
import { Button, Progress, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API } from '../../../domain/email-templates/api';
import { EMAIL_IMAGE, emailImageRefusal } from '../../../domain/email-templates/images';
import { uploadWithProgress } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { ImagePicker } from './ImagePicker';

/**
 * An image block's picture from this computer: stored through the storage adapter and served by
 * the app without sign-in (docs/email-templates.md, "Pictures"); the block keeps its path. A
 * file of the wrong type or over 5 MB is refused before a byte is sent, with the server's words.
 * Beside it, one uploaded before can be picked again (ImagePicker).
 */
export function ImageUpload({ onUploaded }: { onUploaded: (path: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    const refusal = emailImageRefusal(file);
    setError(refusal && translateMessage(t, refusal));
    if (refusal) return;
    setProgress(0);
    const form = () => {
      const data = new FormData();
      data.append('image', file, file.name);
      return data;
    };
    uploadWithProgress<{ path: string }>(EMAIL_TEMPLATES_API.images, form, setProgress).done.then(
      (result) => {
        setProgress(null);
        onUploaded(result.path);
      },
      (failure: unknown) => {
        setProgress(null);
        setError(errorText(t, failure));
      },
    );
  };

  return (
    <div className="et-upload">
      <Space wrap size="small">
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={progress !== null}
          onClick={() => input.current?.click()}
        >
          {t('emailTemplates.visual.upload')}
        </Button>
        <ImagePicker onPicked={onUploaded} />
      </Space>
      <input
        ref={input}
        type="file"
        hidden
        accept={EMAIL_IMAGE.types.join(',')}
        aria-label={t('emailTemplates.visual.upload')}
        onChange={(e) => {
          send(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {progress !== null && <Progress size="small" percent={Math.round(progress * 100)} />}
      {error && (
        <p className="et-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

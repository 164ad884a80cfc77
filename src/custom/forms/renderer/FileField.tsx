import { useRef, useState } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FORM_FILE,
  FORM_FILE_TYPE_NAMES,
  fileMaxBytes,
  fileMessages,
  type FormField,
} from '../../../domain/forms/definition';
import type { FormUpload } from '../../../domain/forms/wire';
import { fieldMessage, type UploadHandle } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';

/** Sends one file for a file field, with progress; absent in the builder's preview. */
export type FormFileUpload = (
  key: string,
  file: File,
  onProgress: (fraction: number) => void,
) => UploadHandle<FormUpload>;

/**
 * A file field: the file is sent as soon as it is chosen (with a bar and a cancel), and the
 * field's answer becomes the upload's id. Its size and declared type are checked here first with
 * the field's own messages; the server decides from the bytes and answers the same messages.
 */
export function FileField({
  field,
  id,
  value,
  invalid,
  onChange,
  onError,
  upload,
}: {
  field: FormField;
  id: string;
  value: unknown;
  invalid: boolean;
  onChange: (value: string) => void;
  onError: (message: string) => void;
  upload?: FormFileUpload;
}) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [sending, setSending] = useState<{ progress: number; cancel: () => void } | null>(null);
  const messages = fileMessages(field);

  const start = (file: File) => {
    // A 0-byte file (a failed download or sync) is empty, whatever its name or declared type.
    if (file.size === 0) return onError(translateMessage(t, messages.empty));
    if (file.size > fileMaxBytes(field)) return onError(translateMessage(t, messages.tooLarge));
    if (!(field.accept as readonly string[]).includes(file.type))
      return onError(translateMessage(t, messages.wrongType));
    if (!upload) return;
    const handle = upload(field.key, file, (progress) => setSending((s) => s && { ...s, progress }));
    setSending({ progress: 0, cancel: handle.cancel });
    handle.done
      .then((done) => {
        setChosen({ name: done.name, size: done.size });
        onChange(done.id);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const own = fieldMessage(error, 'file');
        onError(own ? translateMessage(t, own) : errorText(t, error));
      })
      .finally(() => setSending(null));
  };

  const answered = typeof value === 'string' && value !== '';
  return (
    <Flex vertical gap="small">
      <input
        ref={picker}
        type="file"
        hidden
        accept={field.accept.join(',')}
        data-testid={`form-file-${field.key}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) start(file);
        }}
      />
      {answered ? (
        <Flex gap="small" align="center" wrap>
          <PaperClipOutlined aria-hidden />
          <Typography.Text>{chosen?.name ?? t('forms.file.attached')}</Typography.Text>
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('forms.file.remove', { name: chosen?.name ?? field.label })}
            onClick={() => {
              setChosen(null);
              onChange('');
            }}
          />
        </Flex>
      ) : (
        <Button
          id={id}
          icon={<UploadOutlined />}
          disabled={!upload || sending !== null}
          aria-invalid={invalid || undefined}
          onClick={() => picker.current?.click()}
        >
          {t('forms.file.choose')}
        </Button>
      )}
      <Typography.Text type="secondary" className="forms-file-limits">
        {t('forms.file.limits', {
          types: field.accept.map((type) => FORM_FILE_TYPE_NAMES[type]).join(', '),
          max: field.max ?? FORM_FILE.maxMb,
        })}
      </Typography.Text>
      {sending && (
        <Flex gap="small" align="center">
          <Progress percent={Math.round(sending.progress * 100)} size="small" aria-label={t('forms.file.sending')} />
          <Button size="small" onClick={sending.cancel}>
            {t('forms.file.cancel')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

import { useEffect, useMemo } from 'react';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RECORD_IMAGE } from '../../domain/resources/image-paths';
import type { FieldAria } from './field-aria';
import './engine.css';

/**
 * An image field's input: the current picture (or the one just chosen) with a button to choose
 * another and one to remove it. The file stays in the form until it is saved (the form then
 * sends a multipart body); the shared rules check its type and size when it is chosen.
 */
export function ImageInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  aria = {},
}: {
  id?: string;
  label: string;
  /** The stored picture's path, a newly chosen file, or nothing. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  /**
   * Form.Item's: the button is described by the field's message (a refused file's type or size)
   * and is marked invalid with it. Not aria-required: a button cannot be required.
   */
  aria?: FieldAria;
}) {
  const { t } = useTranslation();
  const file = value instanceof Blob ? value : null;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const src = preview ?? (typeof value === 'string' && value ? value : null);
  const action = t(src ? 'resourceEngine.image.replace' : 'resourceEngine.image.choose');
  // The hint under the button (types, size) describes it too, after the field's own message.
  const hintId = id ? `${id}_hint` : undefined;
  const describedBy = [aria['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined;
  const choose = (picked: File) => {
    onChange?.(picked);
    // The rule runs on blur: a chosen file is checked at once.
    setTimeout(() => onBlur?.(), 0);
    return false;
  };
  return (
    <Flex gap={16} align="center" wrap className="image-input">
      {src ? (
        <Image
          src={src}
          alt={t('resourceEngine.image.preview', { label })}
          width={120}
          height={120}
          className="engine-image"
        />
      ) : (
        <Flex align="center" justify="center" className="engine-image-none">
          <Typography.Text type="secondary">{t('resourceEngine.image.none')}</Typography.Text>
        </Flex>
      )}
      <Flex vertical gap={8} align="flex-start">
        <Upload accept={RECORD_IMAGE.types.join(',')} maxCount={1} showUploadList={false} beforeUpload={choose}>
          {/* The field's label points here (id); the button still says what it does. */}
          <Button
            id={id}
            icon={<UploadOutlined />}
            aria-label={action}
            aria-describedby={describedBy}
            aria-invalid={aria['aria-invalid']}
          >
            {action}
          </Button>
        </Upload>
        {src && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => {
              onChange?.(null);
              onBlur?.();
            }}
          >
            {t('resourceEngine.image.remove')}
          </Button>
        )}
        <Typography.Text type="secondary" id={hintId}>
          {t('resourceEngine.image.hint', { max: RECORD_IMAGE.maxBytes / (1024 * 1024) })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

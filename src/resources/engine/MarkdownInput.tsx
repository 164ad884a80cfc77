import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldAria } from './field-aria';

// The same safe renderer as the show page, fetched only when the preview is opened.
const MarkdownView = lazy(() => import('./MarkdownView'));

/** A markdown field: a text area, and a preview of what the show page will render. */
export function MarkdownInput({
  id,
  value,
  onChange,
  status,
  aria,
}: {
  id?: string;
  /** Form.Item's aria props (FieldAria), for the text area. */
  aria?: FieldAria;
  value?: string;
  onChange?: (value: string) => void;
  status?: 'error';
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        {...aria}
        status={status}
        autoSize={{ minRows: 3, maxRows: 12 }}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <div>
        <Button size="small" onClick={() => setPreview((open) => !open)} aria-expanded={preview}>
          {t(preview ? 'resourceEngine.hidePreview' : 'resourceEngine.preview')}
        </Button>
      </div>
      {preview && value?.trim() && (
        <Suspense fallback={null}>
          <MarkdownView text={value} />
        </Suspense>
      )}
    </Flex>
  );
}

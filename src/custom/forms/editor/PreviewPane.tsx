import { lazy, Suspense, useState } from 'react';
import { Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../../domain/forms/definition';

const FormRenderer = lazy(() => import('../renderer/FormRenderer'));

/** The form as people will see it (the public page's renderer), at a phone's or a desktop's width. */
export function PreviewPane({ fields }: { fields: readonly FormField[] }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  return (
    <section aria-labelledby="forms-preview-title" className="forms-preview">
      <div className="forms-preview-head">
        <h2 id="forms-preview-title" className="forms-section-title">
          {t('forms.editor.preview')}
        </h2>
        <Segmented
          size="small"
          value={width}
          onChange={(v) => setWidth(v as 'phone' | 'desktop')}
          options={[
            { value: 'phone', label: t('forms.editor.phone') },
            { value: 'desktop', label: t('forms.editor.desktop') },
          ]}
        />
      </div>
      <div className={`forms-preview-frame is-${width}`} data-testid="forms-preview">
        <Suspense fallback={<Skeleton active />}>
          {/* Remounted as the fields change, so a preview never keeps answers to a field now gone. */}
          <FormRenderer
            key={fields.map((f) => `${f.key}:${f.type}`).join('|')}
            fields={fields}
            submitLabel={t('forms.public.send')}
          />
        </Suspense>
      </div>
    </section>
  );
}

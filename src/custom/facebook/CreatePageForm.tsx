import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  createPageSchema,
  PAGE_ABOUT_MAX,
  PAGE_CATEGORIES,
  PAGE_PICTURE,
  pagePictureRefusal,
  type CreatePageInput,
} from '../../domain/facebook/rules';
import { translateMessage } from '../../providers/i18n/translate-message';
import { FormError } from '../../ui/forms/FormError';
import { Select } from '../../ui/forms/Select';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { useFacebookWrites } from './facebook-api';

type Values = CreatePageInput & { picture?: File | null };
const BLANK: Partial<Values> = { name: '', about: '', picture: null };

/**
 * A new Facebook page (name, category, about, an optional picture), sent through the server to
 * Facebook. Few apps may create pages: Facebook's refusal is shown above the form in its words.
 */
export function CreatePageForm() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { createPage } = useFacebookWrites();
  const save = useSaveForm<typeof createPageSchema, Values>({
    schema: createPageSchema,
    initialValues: BLANK,
    save: (data) => {
      const form = new FormData();
      form.append('name', data.name);
      form.append('category', data.category);
      form.append('about', data.about);
      const picture = save.form.getFieldValue('picture') as File | null | undefined;
      if (picture) form.append('picture', picture, picture.name);
      return createPage(form);
    },
    success: (data) => t('facebook.create.created', { name: data.name }),
    resetAfterSave: true,
    onSaved: () => setOpen(false),
  });

  // Said as soon as a file is chosen; the server asks the same rule of the bytes and has the last word.
  const pictureRule = {
    validator: (_: unknown, file: File | null | undefined) => {
      const refusal = file ? pagePictureRefusal(file) : null;
      return refusal ? Promise.reject(new Error(translateMessage(t, refusal))) : Promise.resolve();
    },
  };

  return (
    <section aria-labelledby="facebook-create" className="facebook-section">
      <h2 id="facebook-create" className="facebook-heading">
        {t('facebook.create.title')}
      </h2>
      <p className="facebook-text facebook-muted">{t('facebook.create.intro')}</p>
      {!open ? (
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('facebook.create.open')}
        </Button>
      ) : (
        <div className="facebook-form">
          <FormError message={save.formError} />
          <Form {...save.formProps}>
            <Form.Item
              name="name"
              label={t('facebook.create.name')}
              htmlFor="facebook-page-name"
              rules={save.rules('name')}
            >
              <Input id="facebook-page-name" autoComplete="off" autoFocus />
            </Form.Item>
            <Form.Item
              name="category"
              label={t('facebook.create.category')}
              htmlFor="facebook-page-category"
              rules={save.rules('category')}
            >
              <Select
                id="facebook-page-category"
                placeholder={t('facebook.create.chooseCategory')}
                options={PAGE_CATEGORIES.map((value) => ({ value, label: t(`facebook.categories.${value}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="about"
              label={t('facebook.create.about')}
              htmlFor="facebook-page-about"
              rules={save.rules('about')}
              extra={t('facebook.create.aboutHint', { max: PAGE_ABOUT_MAX })}
            >
              <Input.TextArea id="facebook-page-about" rows={3} />
            </Form.Item>
            <Form.Item
              name="picture"
              label={t('facebook.create.picture')}
              htmlFor="facebook-page-picture"
              extra={t('facebook.create.pictureHint')}
              validateTrigger="onChange"
              rules={[pictureRule]}
            >
              <PictureInput id="facebook-page-picture" />
            </Form.Item>
            <div className="facebook-actions">
              <Button type="primary" htmlType="submit" loading={save.saving}>
                {t('facebook.create.submit')}
              </Button>
              <Button
                onClick={() =>
                  save.closeAsking(() => {
                    save.reset();
                    setOpen(false);
                  })
                }
              >
                {t('facebook.create.cancel')}
              </Button>
            </div>
          </Form>
        </div>
      )}
    </section>
  );
}

/** The picture's file box as a form control: its value is the File chosen (the browser keeps the box's own text). */
function PictureInput({ id, onChange }: { id: string; value?: File | null; onChange?: (file: File | null) => void }) {
  return (
    <input
      id={id}
      type="file"
      className="facebook-file"
      accept={PAGE_PICTURE.types.join(',')}
      onChange={(e) => onChange?.(e.target.files?.[0] ?? null)}
    />
  );
}

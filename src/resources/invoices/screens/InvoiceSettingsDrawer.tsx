import { useEffect } from 'react';
import { Alert, Button, Drawer, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRecordNumber } from '../../../domain/resources/numbering';
import { invoiceSettingsSchema } from '../../../domain/invoices/invoices';
import { FormError } from '../../../ui/forms/FormError';
import { NumberField } from '../../../ui/forms/NumberField';
import type { NumberValue } from '../../../ui/forms/number-text';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import { errorText } from '../../engine/errors';
import { useInvoiceSettings, useSaveInvoiceSettings } from './invoice-calls';

interface Values {
  numberPattern: string;
  /** Numbers, or the text typed when it is not one (refused by the schema, never dropped). */
  nextNumber: NumberValue;
  defaultDueDays: NumberValue;
  /** A percent, typed, sent and stored as it is (8.875). */
  defaultTaxRate: NumberValue;
  footer: string;
}

const toBody = (v: Values) => ({
  numberPattern: v.numberPattern ?? '',
  nextNumber: v.nextNumber,
  defaultDueDays: v.defaultDueDays,
  defaultTaxRate: v.defaultTaxRate,
  footer: v.footer?.trim() ? v.footer : null,
});

/**
 * Invoice settings (POST, GET /{id}): the number pattern and the next number (with a preview of
 * the next invoice's number), default due days and tax rate, and the PDF footer. Checked with the
 * server's own schema and messages before it is sent (docs/architecture.md, "Forms").
 */
export function InvoiceSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings, loading, error } = useInvoiceSettings();
  const saveSettings = useSaveInvoiceSettings().save;
  const save = useSaveForm<typeof invoiceSettingsSchema, Values>({
    open,
    schema: invoiceSettingsSchema,
    toInput: toBody,
    save: saveSettings,
    success: t('invoices.settings.saved'),
    onSaved: () => onClose(),
  });
  const form = save.form;
  const pattern = Form.useWatch('numberPattern', form);
  const next = Form.useWatch('nextNumber', form);

  useEffect(() => {
    if (settings && open)
      form.setFieldsValue({
        numberPattern: settings.numberPattern,
        nextNumber: settings.nextNumber,
        defaultDueDays: settings.defaultDueDays,
        defaultTaxRate: settings.defaultTaxRate,
        footer: settings.footer ?? '',
      });
  }, [settings, open, form]);

  const preview =
    typeof pattern === 'string' && typeof next === 'number'
      ? formatRecordNumber(pattern, next, new Date().getFullYear())
      : '';
  return (
    <Drawer
      title={t('invoices.settings.title')}
      open={open}
      onClose={() => save.closeAsking(onClose)}
      width={440}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon message={errorText(t, error)} />
      ) : loading ? (
        <Skeleton active />
      ) : (
        <Form<Values> {...save.formProps} noValidate>
          <FormError message={save.formError} />
          <Form.Item
            name="numberPattern"
            rules={save.rules('numberPattern')}
            label={t('invoices.settings.numberPattern')}
            extra={t('invoices.settings.patternHelp')}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="nextNumber" rules={save.rules('nextNumber')} label={t('invoices.settings.nextNumber')}>
            <NumberField inputMode="numeric" style={{ maxWidth: 200 }} />
          </Form.Item>
          {preview && (
            <Typography.Paragraph type="secondary">
              {t('invoices.settings.preview', { number: preview })}
            </Typography.Paragraph>
          )}
          <Form.Item
            name="defaultDueDays"
            rules={save.rules('defaultDueDays')}
            label={t('invoices.settings.defaultDueDays')}
          >
            <NumberField inputMode="numeric" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item
            name="defaultTaxRate"
            rules={save.rules('defaultTaxRate')}
            label={t('invoices.settings.defaultTaxRate')}
          >
            <NumberField suffix="%" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item name="footer" rules={save.rules('footer')} label={t('invoices.settings.footer')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('resourceEngine.save')}
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRecordNumber } from '../../../domain/resources/numbering';
import { invoiceSettingsErrors } from '../../../domain/invoices/invoices';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { isApiError } from '../../../providers/http';
import { errorText, toastSuccess } from '../../engine/errors';
import { useInvoiceSettings, useSaveInvoiceSettings } from './invoice-calls';

interface Values {
  numberPattern: string;
  nextNumber: number | null;
  defaultDueDays: number | null;
  /** Typed as a percent (8.25); sent as basis points. */
  defaultTaxRate: number | null;
  footer: string;
}

const toBody = (v: Values) => ({
  numberPattern: v.numberPattern ?? '',
  nextNumber: v.nextNumber,
  defaultDueDays: v.defaultDueDays,
  defaultTaxRate: typeof v.defaultTaxRate === 'number' ? Math.round(v.defaultTaxRate * 100) : v.defaultTaxRate,
  footer: v.footer?.trim() ? v.footer : null,
});

/**
 * Invoice settings (POST, GET /{id}): the number pattern and the next number (with a preview of
 * the next invoice's number), default due days and tax rate, and the PDF footer. Checked with the
 * server's own rule and messages before it is sent.
 */
export function InvoiceSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { settings, loading, error } = useInvoiceSettings();
  const { save, pending } = useSaveInvoiceSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const pattern = Form.useWatch('numberPattern', form);
  const next = Form.useWatch('nextNumber', form);

  useEffect(() => {
    if (settings && open)
      form.setFieldsValue({
        numberPattern: settings.numberPattern,
        nextNumber: settings.nextNumber,
        defaultDueDays: settings.defaultDueDays,
        defaultTaxRate: settings.defaultTaxRate / 100,
        footer: settings.footer ?? '',
      });
  }, [settings, open, form]);

  const submit = async (values: Values) => {
    setFormError(null);
    const body = toBody(values);
    const errors = invoiceSettingsErrors(body);
    if (errors) {
      form.setFields(
        Object.entries(errors).map(([name, text]) => ({
          name: name as keyof Values,
          errors: [translateMessage(t, text)],
        })),
      );
      return;
    }
    try {
      await save(body as never);
      toastSuccess(t('invoices.settings.saved'));
      onClose();
    } catch (err) {
      const fieldErrors = isApiError(err) ? err.errors : {};
      if (Object.keys(fieldErrors).length)
        form.setFields(
          Object.entries(fieldErrors).map(([name, text]) => ({
            name: name as keyof Values,
            errors: [translateMessage(t, Array.isArray(text) ? text[0]! : text)],
          })),
        );
      else setFormError(errorText(t, err));
    }
  };

  const preview =
    typeof pattern === 'string' && typeof next === 'number'
      ? formatRecordNumber(pattern, next, new Date().getFullYear())
      : '';
  return (
    <Drawer title={t('invoices.settings.title')} open={open} onClose={onClose} width={440} destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon message={errorText(t, error)} />
      ) : loading ? (
        <Skeleton active />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} noValidate>
          {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
          <Form.Item
            name="numberPattern"
            label={t('invoices.settings.numberPattern')}
            extra={t('invoices.settings.patternHelp')}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="nextNumber" label={t('invoices.settings.nextNumber')}>
            <InputNumber precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          {preview && (
            <Typography.Paragraph type="secondary">
              {t('invoices.settings.preview', { number: preview })}
            </Typography.Paragraph>
          )}
          <Form.Item name="defaultDueDays" label={t('invoices.settings.defaultDueDays')}>
            <InputNumber precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          <Form.Item name="defaultTaxRate" label={t('invoices.settings.defaultTaxRate')}>
            <InputNumber precision={2} suffix="%" style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          <Form.Item name="footer" label={t('invoices.settings.footer')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={pending}>
            {t('resourceEngine.save')}
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { discountFromInput } from '../../../domain/reports/deliveries';
import type { Discount, DiscountKind } from '../../../domain/reports/money';
import { isApiError } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';

export interface DiscountValue {
  kind: DiscountKind | 'none';
  /** Cents for an amount, percent (0–100) for a percent. */
  value?: number;
}

/**
 * The line or report discount: none, an amount or a percent. Checked before sending with the
 * server's rules (discountFromInput, and `tooLarge` — the money rule against the price or the
 * discounted lines); the server's answer, if it still refuses, shows on the same field.
 */
export function DiscountDialog({
  open,
  title,
  hint,
  current,
  tooLarge,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  hint: string;
  /** amount: cents; percent: 0–100. */
  current: { kind: DiscountKind; value: number } | null;
  /** The money rule's message code when this discount cannot apply, else null. */
  tooLarge: (discount: Discount) => string | null;
  onSubmit: (input: DiscountValue) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ kind: DiscountKind | 'none'; value?: number | null }>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'none';

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.setFieldsValue({
      kind: current?.kind ?? 'none',
      value: current ? (current.kind === 'amount' ? current.value / 100 : current.value) : null,
    });
  }, [open, current, form]);

  const submit = async () => {
    const values = form.getFieldsValue();
    const input: DiscountValue =
      values.kind === 'none'
        ? { kind: 'none' }
        : {
            kind: values.kind,
            value:
              values.value === null || values.value === undefined
                ? undefined
                : values.kind === 'amount'
                  ? Math.round(values.value * 100)
                  : values.value,
          };
    const parsed = discountFromInput(input);
    const problem = !parsed.ok ? parsed.message : parsed.discount ? tooLarge(parsed.discount) : null;
    if (problem) {
      form.setFields([{ name: 'value', errors: [translateMessage(t, problem)] }]);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(input);
      onClose();
    } catch (err) {
      const field = isApiError(err) ? (err.errors.value ?? err.errors.kind) : undefined;
      if (field) form.setFields([{ name: 'value', errors: [translateMessage(t, String(field))] }]);
      else setError(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('reports.discount.save')}
      cancelText={t('reports.discount.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="kind" label={t('reports.discount.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'none', label: t('reports.discount.none') },
              { value: 'amount', label: t('reports.discount.amount') },
              { value: 'percent', label: t('reports.discount.percent') },
            ]}
            onChange={() => form.setFields([{ name: 'value', errors: [] }])}
          />
        </Form.Item>
        {kind !== 'none' && (
          <Form.Item
            name="value"
            label={kind === 'amount' ? t('reports.discount.amountValue') : t('reports.discount.percentValue')}
          >
            <InputNumber
              min={0}
              max={kind === 'percent' ? 100 : undefined}
              precision={2}
              prefix={kind === 'amount' ? '$' : undefined}
              suffix={kind === 'percent' ? '%' : undefined}
              style={{ width: '100%', maxWidth: 220 }}
              autoFocus
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

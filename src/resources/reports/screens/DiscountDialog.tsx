import { useEffect, useRef } from 'react';
import { Form, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { discountFromInput } from '../../../domain/reports/deliveries';
import { DISCOUNT_KINDS, type Discount, type DiscountKind } from '../../../domain/reports/money';
import { MESSAGES } from '../../../domain/messages';
import { decimalNumberType } from '../../../domain/schemas/typed-number';
import { EnterSubmits } from '../../../ui/forms/EnterSubmits';
import { FormError } from '../../../ui/forms/FormError';
import { NumberField } from '../../../ui/forms/NumberField';
import { dollarsText, hundredths, readDollars, readNumber, type NumberValue } from '../../../ui/forms/number-text';
import { useFocusOnOpen } from '../../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../../ui/forms/use-save-form';

export interface DiscountValue {
  kind: DiscountKind | 'none';
  /** Cents for an amount, percent (0–100) for a percent. */
  value?: number;
}

/** The value: a number, or the text typed when it is not one (refused with its message, never dropped). */
type Values = { kind: DiscountKind | 'none'; value?: NumberValue };

/** The discount as sent; its value is checked by discountFromInput (below, with the money rule). */
const discountInput = z.object({
  kind: z.enum([...DISCOUNT_KINDS, 'none']),
  value: z.optional(decimalNumberType(MESSAGES.invalidValue)),
});

/**
 * Dollars on screen for an amount, cents on the wire (by moving the point: $12.505 stays 1250.5
 * cents, refused, not rounded to 1251); a percent as typed (150 is refused, not made 100).
 */
const toInput = (values: Values): Omit<DiscountValue, 'value'> & { value?: number | string } =>
  values.kind === 'none'
    ? { kind: 'none' }
    : {
        kind: values.kind,
        value:
          values.value === null || values.value === undefined
            ? undefined
            : values.kind === 'amount' && typeof values.value === 'number'
              ? hundredths(values.value)
              : values.value,
      };

/**
 * The line or report discount: none, an amount or a percent. Checked before sending with the
 * server's rules (discountFromInput, and `tooLarge` — the money rule against the price or the
 * discounted lines); the server's answer, if it still refuses, shows on the same field. The value
 * has the focus (selected) as the dialog opens on a discount or an amount or a percent is picked;
 * with no discount yet, the choice of kind has it (the arrow keys pick one). Enter saves.
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
  const save = useSaveForm({
    open,
    schema: discountInput,
    toInput,
    check: (input): Record<string, string> => {
      const parsed = discountFromInput(input);
      const problem = !parsed.ok ? parsed.message : parsed.discount ? tooLarge(parsed.discount) : null;
      return problem ? { value: problem } : {};
    },
    // Every refusal is about the value (a kind the server refuses too).
    nameOf: () => ['value'],
    save: onSubmit,
    onSaved: onClose,
  });
  const { form, reset } = save;
  const kind = Form.useWatch('kind', form) ?? 'none';

  const valueField = useFocusOnOpen(open && kind !== 'none');
  const kinds = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    reset();
    form.setFieldsValue({
      kind: current?.kind ?? 'none',
      value: current ? (current.kind === 'amount' ? current.value / 100 : current.value) : null,
    });
    const timer = setTimeout(() => {
      if (form.getFieldValue('kind') === 'none')
        kinds.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    });
    return () => clearTimeout(timer);
    // Only as the dialog opens: the report's discount (`current`) is a new object at each render
    // of the page (a refresh while the dialog is open), which must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form, reset]);

  return (
    <Modal
      open={open}
      title={title}
      okText={t('reports.discount.save')}
      cancelText={t('reports.discount.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(onClose)}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <FormError message={save.formError} />
      <Form {...save.formProps}>
        <Form.Item name="kind" label={t('reports.discount.kind')}>
          <Radio.Group
            ref={kinds}
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
            rules={save.rules('value')}
          >
            <NumberField
              read={kind === 'amount' ? readDollars : readNumber}
              show={kind === 'amount' ? dollarsText : undefined}
              prefix={kind === 'amount' ? '$' : undefined}
              suffix={kind === 'percent' ? '%' : undefined}
              style={{ width: '100%', maxWidth: 220 }}
              ref={valueField}
            />
          </Form.Item>
        )}
        <EnterSubmits />
      </Form>
    </Modal>
  );
}

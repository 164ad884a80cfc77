import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkoutSessionBody } from '../../../domain/payments/link-schema';
import { DollarInput } from '../../../ui/forms/DollarInput';
import { FormError } from '../../../ui/forms/FormError';
import { readCents } from '../../../ui/forms/number-text';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import { IntentKey } from '../payments-api';
import { createPaymentLink, type PaymentLink } from './links-api';
import '../payments.css';

type Values = { amount: string; description: string };

/** New payment link: an amount in dollars (sent as cents) and what it is for. */
export function CreateLinkForm({ onCreated }: { onCreated: (link: PaymentLink) => void }) {
  const { t } = useTranslation();
  const [key] = useState(() => new IntentKey());
  const save = useSaveForm({
    schema: checkoutSessionBody,
    initialValues: { amount: '', description: '' },
    toInput: (v: Values) => ({ amount: readCents(v.amount ?? '') ?? undefined, description: v.description }),
    save: async ({ amount, description }) => {
      try {
        const link = await createPaymentLink(amount, description, key.value);
        key.settle();
        return link;
      } catch (error) {
        key.settle(error);
        throw error;
      }
    },
    resetAfterSave: true,
    onSaved: onCreated,
  });

  return (
    <Form {...save.formProps} aria-label={t('payments.links.createTitle')}>
      <FormError message={save.formError} />
      <div className="payments-link-fields">
        <Form.Item name="amount" label={t('payments.links.amount')} htmlFor="link-amount" rules={save.rules('amount')}>
          <DollarInput id="link-amount" size="large" className="payments-fill" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('payments.links.description')}
          htmlFor="link-description"
          rules={save.rules('description')}
        >
          <Input id="link-description" size="large" maxLength={500} />
        </Form.Item>
      </div>
      <div className="payments-end">
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={save.saving}>
          {t('payments.links.create')}
        </Button>
      </div>
    </Form>
  );
}

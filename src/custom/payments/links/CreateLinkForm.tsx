import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseUsdToCents } from '../../../domain/money';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { DollarInput } from '../../../ui/forms/DollarInput';
import { FormField } from '../../../ui/forms/FormField';
import { IntentKey } from '../payments-api';
import { validateLinkInput } from './link-input';
import { createPaymentLink, type PaymentLink } from './links-api';
import '../payments.css';

/** New payment link: an amount in dollars (sent as cents) and what it is for. */
export function CreateLinkForm({ onCreated }: { onCreated: (link: PaymentLink) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<string>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; description?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [key] = useState(() => new IntentKey());

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validateLinkInput({ amount: parseUsdToCents(amount), description });
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([f, m]) => [f, translateMessage(t, m)])));
      return;
    }
    setErrors({});
    setSaving(true);
    setServerError(null);
    try {
      const link = await createPaymentLink(checked.value.amount, checked.value.description, key.value);
      key.settle();
      setAmount('');
      setDescription('');
      onCreated(link);
    } catch (error) {
      key.settle(error);
      setServerError(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('payments.links.createTitle')}>
      {serverError && (
        <Alert
          type="error"
          showIcon
          closable
          message={serverError}
          onClose={() => setServerError(null)}
          className="payments-gap-below"
        />
      )}
      <div className="payments-link-fields">
        <FormField id="link-amount" label={t('payments.links.amount')} error={errors.amount}>
          {(control) => (
            <DollarInput
              {...control}
              size="large"
              step="1"
              value={amount}
              onChange={setAmount}
              className="payments-fill"
            />
          )}
        </FormField>
        <FormField id="link-description" label={t('payments.links.description')} error={errors.description}>
          {(control) => (
            <Input
              {...control}
              size="large"
              maxLength={500}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="payments-end">
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
          {t('payments.links.create')}
        </Button>
      </div>
    </form>
  );
}

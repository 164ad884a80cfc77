import { useState } from 'react';
import { Alert, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd, parseUsdToCents, centsToDecimal } from '../../../domain/money';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { DollarInput } from '../../../ui/forms/DollarInput';
import { FormField } from '../../../ui/forms/FormField';
import { IntentKey } from '../payments-api';
import { refundTransaction, type Transaction } from './transactions-api';
import '../payments.css';

/**
 * Refund a transaction, all of what is left or part of it. The amount is capped at what is
 * left here and, authoritatively, on the server; the Idempotency-Key makes a doubled click one
 * refund.
 */
export function RefundDialog({
  transaction,
  onClose,
  onRefunded,
}: {
  transaction: Transaction;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState<string>(centsToDecimal(transaction.refundable));
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [key] = useState(() => new IntentKey());

  const submit = async () => {
    let cents: number | undefined;
    if (mode === 'partial') {
      const parsed = parseUsdToCents(amount);
      if (parsed === null || parsed < 1) {
        setFieldError(t('messages.amountRequired'));
        return;
      }
      if (parsed > transaction.refundable) {
        setFieldError(t('messages.refundTooLarge'));
        return;
      }
      cents = parsed;
    }
    setFieldError(null);
    setSaving(true);
    setError(null);
    try {
      const { refund } = await refundTransaction(
        transaction.id,
        { ...(cents !== undefined && { amount: cents }), ...(reason.trim() && { reason: reason.trim() }) },
        key.value,
      );
      key.settle();
      showToast({
        kind: 'message',
        type: 'success',
        content: t('payments.transactions.refunded', { amount: formatUsd(refund.amount) }),
      });
      onRefunded();
    } catch (err) {
      key.settle(err);
      setError(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('payments.transactions.refundTitle')}
      okText={t('payments.transactions.refundSubmit')}
      okButtonProps={{ danger: true, loading: saving }}
      cancelText={t('settings.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && (
        <Alert
          type="error"
          showIcon
          closable
          message={error}
          onClose={() => setError(null)}
          className="payments-gap-below"
        />
      )}
      <p className="payments-note">
        {t('payments.transactions.refundSummary', {
          description: transaction.description,
          amount: formatUsd(transaction.amount),
          left: formatUsd(transaction.refundable),
        })}
      </p>
      <Radio.Group
        value={mode}
        onChange={(e) => setMode(e.target.value as 'full' | 'partial')}
        className="payments-refund-kind"
        aria-label={t('payments.transactions.refundKind')}
      >
        <Radio value="full">
          {t('payments.transactions.refundFull', { amount: formatUsd(transaction.refundable) })}
        </Radio>
        <Radio value="partial">{t('payments.transactions.refundPartial')}</Radio>
      </Radio.Group>
      {mode === 'partial' && (
        <FormField id="refund-amount" label={t('payments.transactions.refundAmount')} error={fieldError ?? undefined}>
          {(control) => (
            <DollarInput
              {...control}
              min="0.01"
              max={centsToDecimal(transaction.refundable)}
              value={amount}
              onChange={setAmount}
              className="payments-fill"
            />
          )}
        </FormField>
      )}
      <FormField id="refund-reason" label={t('payments.transactions.refundReason')}>
        {(control) => (
          <Input.TextArea
            id={control.id}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </FormField>
    </Modal>
  );
}

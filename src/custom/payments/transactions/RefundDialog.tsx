import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../../domain/messages';
import { formatUsd, centsToDecimal } from '../../../domain/money';
import { refundBody } from '../../../domain/payments/refund-schema';
import { DollarInput } from '../../../ui/forms/DollarInput';
import { FormError } from '../../../ui/forms/FormError';
import { readCents } from '../../../ui/forms/number-text';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import { IntentKey } from '../payments-api';
import { refundTransaction, type Transaction } from './transactions-api';
import '../payments.css';

type Values = { mode: 'full' | 'partial'; amount: string; reason: string };

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
  const [key] = useState(() => new IntentKey());
  const save = useSaveForm({
    schema: refundBody,
    initialValues: { mode: 'full', amount: centsToDecimal(transaction.refundable), reason: '' },
    toInput: (v: Values) => ({
      amount: v.mode === 'partial' ? (readCents(v.amount ?? '') ?? null) : undefined,
      reason: v.reason?.trim() || undefined,
    }),
    check: (data): Record<string, string> =>
      data.amount !== undefined && data.amount > transaction.refundable ? { amount: MESSAGES.refundTooLarge } : {},
    save: async (body) => {
      try {
        const answer = await refundTransaction(transaction.id, body, key.value);
        key.settle();
        return answer;
      } catch (error) {
        key.settle(error);
        throw error;
      }
    },
    // A refund the processor holds is not done yet: the owner is told so, not that it is refunded.
    success: (_body, { refund }) =>
      t(refund.status === 'pending' ? 'payments.transactions.refundRequested' : 'payments.transactions.refunded', {
        amount: formatUsd(refund.amount),
      }),
    onSaved: onRefunded,
  });
  const mode = Form.useWatch('mode', save.form);

  return (
    <Modal
      open
      title={t('payments.transactions.refundTitle')}
      okText={t('payments.transactions.refundSubmit')}
      okButtonProps={{ danger: true, loading: save.saving }}
      cancelText={t('settings.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(onClose)}
      destroyOnHidden
    >
      <FormError message={save.formError} />
      <p className="payments-note">
        {t('payments.transactions.refundSummary', {
          description: transaction.description,
          amount: formatUsd(transaction.amount),
          left: formatUsd(transaction.refundable),
        })}
      </p>
      <Form {...save.formProps}>
        <Form.Item name="mode">
          <Radio.Group className="payments-refund-kind" aria-label={t('payments.transactions.refundKind')}>
            <Radio value="full">
              {t('payments.transactions.refundFull', { amount: formatUsd(transaction.refundable) })}
            </Radio>
            <Radio value="partial">{t('payments.transactions.refundPartial')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'partial' && (
          <Form.Item
            name="amount"
            label={t('payments.transactions.refundAmount')}
            htmlFor="refund-amount"
            rules={save.rules('amount')}
          >
            <DollarInput id="refund-amount" className="payments-fill" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('payments.transactions.refundReason')} htmlFor="refund-reason">
          <Input.TextArea id="refund-reason" rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

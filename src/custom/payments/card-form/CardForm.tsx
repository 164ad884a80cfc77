import type { ComponentProps, ReactNode } from 'react';
import { Alert, Button, Flex, Input, theme } from 'antd';
import { CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_LABELS } from '../../../domain/payments/card-number';
import { FormField } from '../../../ui/forms/FormField';
import { brandOf, type CardField } from './card-input';
import { StateSelect } from './StateSelect';
import { useCardForm, type CardSubmit } from './use-card-form';
import '../payments.css';

interface CardFormProps {
  /** Called with the add-card payload (number digits only); a thrown ApiError shows in the alert. */
  onSubmit: CardSubmit;
  submitLabel: string;
  /** Sent as checkDefaultPM: the new card becomes the default one. */
  makeDefault?: boolean;
  /** Extra buttons beside submit (Cancel, Back). */
  actions?: ReactNode;
  idPrefix?: string;
}

/**
 * The card form of product brief sections 3 and 5: cardholder, number grouped by brand as typed,
 * MM/YY with the slash added, CVC limited by brand, billing address with the state from
 * `GET states`, country always US. Server errors appear in a red dismissible alert above it.
 */
export function CardForm({ onSubmit, submitLabel, makeDefault = true, actions, idPrefix = 'card' }: CardFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = useCardForm(onSubmit, makeDefault, idPrefix);
  const brand = brandOf(form.values);
  const id = (field: CardField) => `${idPrefix}-${field}`;

  const text = (field: CardField, label: string, extra: Partial<ComponentProps<typeof Input>> = {}) => (
    <FormField id={id(field)} label={label} error={form.errors[field]}>
      {(control) => (
        <Input
          {...control}
          size="large"
          value={form.values[field]}
          onChange={(e) => form.setValue(field, e.target.value)}
          {...extra}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} aria-label={t('payments.card.formLabel')}>
      {form.serverError && (
        <Alert
          type="error"
          showIcon
          closable
          message={form.serverError}
          onClose={form.dismissServerError}
          className="payments-gap-below-lg"
        />
      )}
      {text('cardholderName', t('payments.card.cardholderName'), { autoComplete: 'cc-name', maxLength: 60 })}
      {text('cardNumber', t('payments.card.cardNumber'), {
        autoComplete: 'cc-number',
        inputMode: 'numeric',
        placeholder: '1234 1234 1234 1234',
        prefix: <CreditCardOutlined aria-hidden style={{ color: token.colorTextTertiary }} />,
        suffix:
          brand === 'unknown' ? undefined : (
            <span data-testid="card-brand" className="payments-card-brand" style={{ color: token.colorTextSecondary }}>
              {CARD_BRAND_LABELS[brand]}
            </span>
          ),
      })}
      <div className="payments-card-row">
        {text('exp', t('payments.card.exp'), {
          autoComplete: 'cc-exp',
          inputMode: 'numeric',
          // No maxLength here nor on the CVC: it cut a paste before the spaces were dropped (' 12/30'
          // kept '12/3'); the typing rules (card-input.ts) keep the digits and cap them after.
          placeholder: t('payments.card.expPlaceholder'),
        })}
        {text('cvc', t('payments.card.cvc'), {
          autoComplete: 'cc-csc',
          inputMode: 'numeric',
          placeholder: brand === 'amex' ? '1234' : '123',
        })}
      </div>
      {text('addressLine1', t('payments.card.addressLine1'), { autoComplete: 'address-line1', maxLength: 100 })}
      {text('addressLine2', t('payments.card.addressLine2'), { autoComplete: 'address-line2', maxLength: 100 })}
      <div className="payments-card-row">
        {text('city', t('payments.card.city'), { autoComplete: 'address-level2', maxLength: 100 })}
        <FormField id={id('state')} label={t('payments.card.state')} error={form.errors.state}>
          {(control) => (
            <StateSelect {...control} value={form.values.state} onChange={(v) => form.setValue('state', v)} />
          )}
        </FormField>
      </div>
      <div className="payments-card-row">
        {text('zipCode', t('payments.card.zipCode'), {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          maxLength: 10,
        })}
        {text('country', t('payments.card.country'), { value: t('payments.card.unitedStates'), disabled: true })}
      </div>
      <Flex gap={token.marginSM} wrap justify="flex-end">
        {actions}
        <Button type="primary" htmlType="submit" size="large" loading={form.submitting} icon={<LockOutlined />}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}

import { useState } from 'react';
import { Button, Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../providers/notification/toast-bus';
import { CardForm } from '../card-form/CardForm';
import { usePaymentActions } from '../billing-hooks';
import '../payments.css';

/** Add a payment method from settings: the card form in a dialog, optionally as the default card. */
export function AddCardModal({
  open,
  firstCard,
  onClose,
  onAdded,
}: {
  open: boolean;
  firstCard: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const [makeDefault, setMakeDefault] = useState(true);
  const { addCard } = usePaymentActions();
  return (
    <Modal
      open={open}
      title={t('settings.cards.addTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {!firstCard && (
        <Checkbox
          checked={makeDefault}
          onChange={(e) => setMakeDefault(e.target.checked)}
          className="payments-gap-below"
        >
          {t('settings.cards.makeDefault')}
        </Checkbox>
      )}
      <CardForm
        idPrefix="settings-card"
        makeDefault={firstCard || makeDefault}
        submitLabel={t('settings.cards.save')}
        actions={
          <Button size="large" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
        }
        onSubmit={async (payload) => {
          await addCard(payload);
          showToast({ kind: 'message', type: 'success', content: t('messages.paymentMethodAdded') });
          onAdded();
        }}
      />
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { ConnectBalance } from '../../../domain/payments/connect-wire';
import { DollarInput } from '../../../ui/forms/DollarInput';

/** Available and pending money, and (once payouts are on) a payout of part of what is available. */
export function BalanceSection({
  balance,
  payoutsEnabled,
  paying,
  onPayout,
}: {
  balance: ConnectBalance | null;
  payoutsEnabled: boolean;
  paying: boolean;
  /** Resolves true when the payout was made (the amount is then cleared). */
  onPayout(amountText: string): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [amountText, setAmountText] = useState('');
  const available = balance?.available ?? 0;
  return (
    <section aria-labelledby="connect-balance-title" className="connect-section">
      <h2 id="connect-balance-title">{t('payments.connect.balanceTitle')}</h2>
      <Flex gap="large" wrap>
        <Statistic title={t('payments.connect.available')} value={formatUsd(available)} />
        <Statistic title={t('payments.connect.pending')} value={formatUsd(balance?.pending ?? 0)} />
      </Flex>
      {payoutsEnabled && (
        <Flex gap="small" wrap className="connect-gap">
          <DollarInput
            aria-label={t('payments.connect.payoutAmount')}
            placeholder={t('payments.connect.payoutAmount')}
            value={amountText}
            onChange={setAmountText}
            className="connect-payout-amount"
          />
          <Button
            type="primary"
            loading={paying}
            disabled={!amountText || available <= 0}
            onClick={() => void onPayout(amountText).then((made) => made && setAmountText(''))}
          >
            {t('payments.connect.payout')}
          </Button>
        </Flex>
      )}
    </section>
  );
}

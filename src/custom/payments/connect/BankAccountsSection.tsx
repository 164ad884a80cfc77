import { List, Tag } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '../../../domain/payments/connect-wire';

/** The bank accounts payouts go to, the default one marked. */
export function BankAccountsSection({ banks }: { banks: readonly BankAccount[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="connect-banks-title" className="connect-section">
      <h2 id="connect-banks-title">{t('payments.connect.banksTitle')}</h2>
      <List<BankAccount>
        bordered
        dataSource={[...banks]}
        locale={{ emptyText: t('payments.connect.noBanks') }}
        renderItem={(bank) => (
          <List.Item>
            <span>
              <BankOutlined aria-hidden className="connect-bank-icon" />
              {bank.bankName} •••• {bank.last4} · {bank.currency.toUpperCase()}
            </span>
            {bank.isDefault && <Tag color="blue">{t('payments.connect.defaultBank')}</Tag>}
          </List.Item>
        )}
      />
    </section>
  );
}

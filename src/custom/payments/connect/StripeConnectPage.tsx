import { useSearchParams } from 'react-router';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { PagePanel } from '../../../ui/PagePanel';
import { AccountStatusSection } from './AccountStatusSection';
import { BalanceSection } from './BalanceSection';
import { BankAccountsSection } from './BankAccountsSection';
import { PayoutsSection } from './PayoutsSection';
import { useConnectAccount } from './use-connect-account';
import './connect.css';

/**
 * stripe_connect, the Dashboard of CLUBOWNER, MOVER and USER: the business's payout account —
 * status and onboarding steps, balances and payouts, bank accounts. With the local processor
 * the onboarding is simulated through the same states as Stripe Connect, and the page says so.
 */
export default function StripeConnectPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const connect = useConnectAccount();
  const { account } = connect;
  useDocumentTitle(t('pages.stripe_connect'));

  return (
    <PagePanel title={t('pages.stripe_connect')} intro={t('payments.connect.intro')}>
      {connect.error && (
        <Alert
          type="error"
          showIcon
          closable
          message={connect.error}
          onClose={connect.dismissError}
          className="connect-alert"
        />
      )}
      {params.get('onboarding') === 'return' && account?.detailsSubmitted && (
        <Alert type="success" showIcon message={t('payments.connect.returned')} className="connect-alert" />
      )}
      {!account ? (
        <Skeleton active />
      ) : (
        <>
          <AccountStatusSection
            account={account}
            busy={connect.busy}
            onRefresh={() => void connect.reload()}
            onCreate={() => void connect.create()}
            onOnboard={() => void connect.onboard()}
            onDashboard={() => void connect.openDashboard()}
          />
          {account.status !== 'none' && (
            <>
              <BalanceSection
                balance={connect.balance}
                payoutsEnabled={account.payoutsEnabled}
                paying={connect.busy === 'payout'}
                onPayout={connect.payout}
              />
              <BankAccountsSection banks={connect.banks} />
              <PayoutsSection payouts={connect.payouts} />
            </>
          )}
        </>
      )}
    </PagePanel>
  );
}

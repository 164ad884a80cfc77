import { Alert, Button, Descriptions, Flex, Steps, Tag } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ConnectAccountState } from '../../../domain/payments/connect-wire';
import { requirementGroups } from '../../../domain/payments/connect-requirements';
import type { ConnectAction } from './use-connect-account';

const STATUS_COLOR: Record<ConnectAccountState['status'], string> = {
  none: 'default',
  pending: 'gold',
  restricted: 'orange',
  enabled: 'green',
};

/** Onboarding step from the account state: create → submit details → verification → payouts. */
function onboardingStep(account: ConnectAccountState): number {
  if (account.status === 'none') return 0;
  if (!account.detailsSubmitted) return 1;
  if (!account.payoutsEnabled) return 2;
  return 3;
}

function yesNo(t: TFunction, value: boolean) {
  return <Tag color={value ? 'green' : 'default'}>{t(value ? 'payments.connect.yes' : 'payments.connect.no')}</Tag>;
}

/**
 * The account's state and the next step: the onboarding steps, what the processor still needs
 * (in words, per group: connect-requirements.ts, never its field names), and with the local
 * processor a word that the onboarding is simulated and what a real one asks.
 */
export function AccountStatusSection({
  account,
  busy,
  onRefresh,
  onCreate,
  onOnboard,
  onDashboard,
}: {
  account: ConnectAccountState;
  busy: ConnectAction | null;
  onRefresh(): void;
  onCreate(): void;
  onOnboard(): void;
  onDashboard(): void;
}) {
  const { t } = useTranslation();
  const simulated = account.processor === 'local';
  const exists = account.status !== 'none';
  return (
    <section aria-labelledby="connect-status-title" className="connect-section">
      <Flex justify="space-between" wrap gap="small">
        <h2 id="connect-status-title" className="connect-status-title">
          {t('payments.connect.statusTitle')}{' '}
          <Tag color={STATUS_COLOR[account.status]}>
            {t(`payments.connect.statuses.${account.status}`, { defaultValue: account.status })}
          </Tag>
        </h2>
        <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('payments.connect.refresh')} />
      </Flex>
      <Steps
        current={onboardingStep(account)}
        status={account.payoutsEnabled ? 'finish' : 'process'}
        direction="vertical"
        size="small"
        className="connect-gap"
        items={[
          { title: t('payments.connect.steps.create'), description: t('payments.connect.steps.createHint') },
          { title: t('payments.connect.steps.details'), description: t('payments.connect.steps.detailsHint') },
          { title: t('payments.connect.steps.review'), description: t('payments.connect.steps.reviewHint') },
          { title: t('payments.connect.steps.payouts'), description: t('payments.connect.steps.payoutsHint') },
        ]}
      />
      {simulated && !account.detailsSubmitted && (
        <Alert
          type="info"
          showIcon
          message={t('payments.connect.simulatedTitle')}
          description={t('payments.connect.simulated')}
          className="connect-alert"
        />
      )}
      <Flex gap="small" wrap>
        {!exists && (
          <Button type="primary" loading={busy === 'create'} onClick={onCreate}>
            {t('payments.connect.create')}
          </Button>
        )}
        {exists && !account.detailsSubmitted && (
          <Button type="primary" loading={busy === 'onboard'} onClick={onOnboard}>
            {t(simulated ? 'payments.connect.onboardSimulated' : 'payments.connect.onboard')}
          </Button>
        )}
        {account.detailsSubmitted && !account.payoutsEnabled && (
          <Button onClick={onRefresh}>{t('payments.connect.checkAgain')}</Button>
        )}
        {exists && account.processor === 'stripe' && (
          <Button icon={<ExportOutlined />} loading={busy === 'dashboard'} onClick={onDashboard}>
            {t('payments.connect.dashboard')}
          </Button>
        )}
      </Flex>
      {exists && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 3, lg: 3, xl: 3, xxl: 3 }}
          className="connect-gap"
          items={[
            {
              key: 'details',
              label: t('payments.connect.detailsSubmitted'),
              children: yesNo(t, account.detailsSubmitted),
            },
            { key: 'charges', label: t('payments.connect.chargesEnabled'), children: yesNo(t, account.chargesEnabled) },
            { key: 'payouts', label: t('payments.connect.payoutsEnabled'), children: yesNo(t, account.payoutsEnabled) },
          ]}
        />
      )}
      {account.requirements.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="connect-gap"
          message={t('payments.connect.requirements')}
          description={
            <>
              <ul className="connect-requirements">
                {requirementGroups(account.requirements).map((group) => (
                  <li key={group}>
                    <strong>{t(`payments.connect.requirementGroups.${group}.title`)}</strong>
                    {': '}
                    {t(`payments.connect.requirementGroups.${group}.action`)}
                  </li>
                ))}
              </ul>
              <div className="connect-requirements-hint">{t('payments.connect.requirementsHint')}</div>
            </>
          }
        />
      )}
    </section>
  );
}

import { useState } from 'react';
import { useCustom, useCustomMutation, useDataProvider, type BaseRecord, type HttpError } from '@refinedev/core';
import { useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, InputNumber, List, Skeleton, Statistic, Steps, Table, Tag, theme } from 'antd';
import { BankOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API } from '../../../domain/api-paths';
import { MESSAGES } from '../../../domain/messages';
import { requirementGroups } from '../../../domain/payments/connect-requirements';
import { formatUsd, parseUsdToCents } from '../../../domain/money';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { useSession } from '../../../providers/use-session';
import { formatDate } from '../../../ui/format';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { PagePanel } from '../../../ui/PagePanel';
import { idempotencyHeader, IntentKey } from '../payments-api';
import { appUrl, type Balance, type ConnectAccount, type ExternalAccount, type Payout } from './connect-api';

const STATUS_COLOR: Record<string, string> = {
  none: 'default',
  pending: 'gold',
  restricted: 'orange',
  enabled: 'green',
};

/** Onboarding step from the account state: create → submit details → verification → payouts. */
function onboardingStep(account: ConnectAccount): number {
  if (account.status === 'none') return 0;
  if (!account.detailsSubmitted) return 1;
  if (!account.payoutsEnabled) return 2;
  return 3;
}

/** A GET through Refine's useCustom; Refine's notices stay off (the page says what failed). */
function useRead<T>(url: string, enabled: boolean, query?: Record<string, string>) {
  // useCustom's types want a record; lists are what some of these endpoints send.
  const { query: read } = useCustom<BaseRecord>({
    url,
    method: 'get',
    config: query ? { query } : undefined,
    queryOptions: { enabled },
    errorNotification: false,
  });
  return { data: read.data?.data as T | undefined, error: read.error, refetch: read.refetch };
}

/**
 * stripe_connect, the Dashboard of CLUBOWNER, MOVER and USER: the business's payout account —
 * status and onboarding steps, bank accounts, balances and payouts. With the local processor
 * the onboarding is simulated through the same states as Stripe Connect, and the page says so
 * and what a real onboarding asks. What is still needed is shown in words, per group
 * (connect-requirements.ts), never as the processor's field names.
 */
export default function StripeConnectPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const userId = useSession()?.userData.id ?? '';
  const [params] = useSearchParams();
  // The account first; its bank accounts, balance and payouts once there is one.
  const accountRead = useRead<ConnectAccount>(API.accountStatus, true, { userId });
  const account = accountRead.data ?? null;
  const connected = !!account && account.status !== 'none';
  const banksRead = useRead<ExternalAccount[]>(API.externalAccounts, connected);
  const balanceRead = useRead<Balance>(API.balances, connected);
  const payoutsRead = useRead<Payout[]>(API.payouts, connected);
  const banks = banksRead.data ?? [];
  const balance = balanceRead.data ?? null;
  const payouts = payoutsRead.data ?? [];
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const dataProvider = useDataProvider();
  // A failed action is said until the next one or the next reading; a failed reading until it
  // is closed or read again.
  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const readError = [accountRead, banksRead, balanceRead, payoutsRead].find((read) => read.error)?.error ?? null;
  const error = actionError ?? (readError && readError !== dismissed ? errorText(t, readError) : null);
  const [busy, setBusy] = useState<'create' | 'onboard' | 'dashboard' | 'payout' | null>(null);
  const [payoutText, setPayoutText] = useState('');
  const [createKey] = useState(() => new IntentKey());
  const [payoutKey] = useState(() => new IntentKey());
  useDocumentTitle(t('pages.stripe_connect'));

  /** Reads the account again, and what hangs on it. */
  const load = async () => {
    await Promise.all([
      accountRead.refetch(),
      ...(connected ? [banksRead.refetch(), balanceRead.refetch(), payoutsRead.refetch()] : []),
    ]);
    setActionError(null);
  };

  /** A link fetched when pressed (it is single-use: never cached), through the data provider. */
  const link = async (url: string, query?: Record<string, string>) => {
    const { data } = await dataProvider().custom!<BaseRecord>({ url, method: 'get', query });
    return appUrl((data as { url: string }).url);
  };

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<void>) => {
    setBusy(kind);
    setActionError(null);
    try {
      await action();
    } catch (err) {
      setActionError(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  const create = () =>
    run('create', async () => {
      try {
        await mutateAsync({
          url: API.createConnectedAccount,
          method: 'post',
          values: undefined,
          config: { headers: idempotencyHeader(createKey.value) },
          successNotification: false,
          errorNotification: false,
        });
        createKey.settle();
      } catch (err) {
        createKey.settle(err);
        throw err;
      }
      await load();
    });

  const onboard = () =>
    run('onboard', async () => {
      window.location.assign(await link(API.externalAccountLink, { userId }));
    });

  const openDashboard = () =>
    run('dashboard', async () => {
      window.open(await link(API.dashboardLink), '_blank', 'noopener,noreferrer');
    });

  const payout = () =>
    run('payout', async () => {
      const cents = parseUsdToCents(payoutText);
      if (cents === null || cents < 1) throw new Error(MESSAGES.amountRequired);
      try {
        const { data } = await mutateAsync({
          url: API.payouts,
          method: 'post',
          values: { amount: cents },
          config: { headers: idempotencyHeader(payoutKey.value) },
          successNotification: false,
          errorNotification: false,
        });
        const made = data as Payout;
        payoutKey.settle();
        showToast({
          kind: 'message',
          type: 'success',
          content: t('payments.connect.payoutCreated', { amount: formatUsd(made.amount) }),
        });
      } catch (err) {
        payoutKey.settle(err);
        throw err;
      }
      setPayoutText('');
      await load();
    });

  const onboardingReturn = params.get('onboarding') === 'return';
  const simulated = account?.processor === 'local';

  return (
    <PagePanel title={t('pages.stripe_connect')} intro={t('payments.connect.intro')}>
      {error && (
        <Alert
          type="error"
          showIcon
          closable
          message={error}
          onClose={() => {
            setActionError(null);
            setDismissed(readError);
          }}
          style={{ marginBottom: token.margin }}
        />
      )}
      {onboardingReturn && account?.detailsSubmitted && (
        <Alert
          type="success"
          showIcon
          message={t('payments.connect.returned')}
          style={{ marginBottom: token.margin }}
        />
      )}
      {!account ? (
        <Skeleton active />
      ) : (
        <>
          <section aria-labelledby="connect-status-title" style={{ marginBottom: token.marginXL }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: token.marginSM }}>
              <h2 id="connect-status-title" style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
                {t('payments.connect.statusTitle')}{' '}
                <Tag color={STATUS_COLOR[account.status]} style={{ verticalAlign: 'middle' }}>
                  {t(`payments.connect.statuses.${account.status}`, { defaultValue: account.status })}
                </Tag>
              </h2>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void load()}
                aria-label={t('payments.connect.refresh')}
              />
            </div>
            <Steps
              current={onboardingStep(account)}
              status={account.payoutsEnabled ? 'finish' : 'process'}
              direction="vertical"
              size="small"
              style={{ marginTop: token.margin }}
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
                style={{ marginBottom: token.margin }}
              />
            )}
            <div style={{ display: 'flex', gap: token.marginSM, flexWrap: 'wrap' }}>
              {account.status === 'none' && (
                <Button type="primary" loading={busy === 'create'} onClick={() => void create()}>
                  {t('payments.connect.create')}
                </Button>
              )}
              {account.status !== 'none' && !account.detailsSubmitted && (
                <Button type="primary" loading={busy === 'onboard'} onClick={() => void onboard()}>
                  {t(simulated ? 'payments.connect.onboardSimulated' : 'payments.connect.onboard')}
                </Button>
              )}
              {account.detailsSubmitted && !account.payoutsEnabled && (
                <Button onClick={() => void load()}>{t('payments.connect.checkAgain')}</Button>
              )}
              {account.status !== 'none' && account.processor === 'stripe' && (
                <Button icon={<ExportOutlined />} loading={busy === 'dashboard'} onClick={() => void openDashboard()}>
                  {t('payments.connect.dashboard')}
                </Button>
              )}
            </div>
            {account.status !== 'none' && (
              <Descriptions
                bordered
                size="small"
                column={{ xs: 1, sm: 1, md: 3, lg: 3, xl: 3, xxl: 3 }}
                style={{ marginTop: token.margin }}
                items={[
                  {
                    key: 'details',
                    label: t('payments.connect.detailsSubmitted'),
                    children: yesNo(t, account.detailsSubmitted),
                  },
                  {
                    key: 'charges',
                    label: t('payments.connect.chargesEnabled'),
                    children: yesNo(t, account.chargesEnabled),
                  },
                  {
                    key: 'payouts',
                    label: t('payments.connect.payoutsEnabled'),
                    children: yesNo(t, account.payoutsEnabled),
                  },
                ]}
              />
            )}
            {account.requirements.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: token.margin }}
                message={t('payments.connect.requirements')}
                description={
                  <>
                    <ul style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
                      {requirementGroups(account.requirements).map((group) => (
                        <li key={group}>
                          <strong>{t(`payments.connect.requirementGroups.${group}.title`)}</strong>
                          {': '}
                          {t(`payments.connect.requirementGroups.${group}.action`)}
                        </li>
                      ))}
                    </ul>
                    <div style={{ marginTop: token.marginXS }}>{t('payments.connect.requirementsHint')}</div>
                  </>
                }
              />
            )}
          </section>

          {account.status !== 'none' && (
            <>
              <section aria-labelledby="connect-balance-title" style={{ marginBottom: token.marginXL }}>
                <h2 id="connect-balance-title" style={{ fontSize: token.fontSizeHeading4 }}>
                  {t('payments.connect.balanceTitle')}
                </h2>
                <div style={{ display: 'flex', gap: token.marginXL, flexWrap: 'wrap' }}>
                  <Statistic title={t('payments.connect.available')} value={formatUsd(balance?.available ?? 0)} />
                  <Statistic title={t('payments.connect.pending')} value={formatUsd(balance?.pending ?? 0)} />
                </div>
                {account.payoutsEnabled && (
                  <div style={{ display: 'flex', gap: token.marginSM, flexWrap: 'wrap', marginTop: token.margin }}>
                    <InputNumber<string>
                      aria-label={t('payments.connect.payoutAmount')}
                      stringMode
                      prefix="$"
                      min="0"
                      precision={2}
                      placeholder={t('payments.connect.payoutAmount')}
                      value={payoutText}
                      onChange={(v) => setPayoutText(v ?? '')}
                      style={{ width: 200 }}
                    />
                    <Button
                      type="primary"
                      loading={busy === 'payout'}
                      disabled={!payoutText || (balance?.available ?? 0) <= 0}
                      onClick={() => void payout()}
                    >
                      {t('payments.connect.payout')}
                    </Button>
                  </div>
                )}
              </section>

              <section aria-labelledby="connect-banks-title" style={{ marginBottom: token.marginXL }}>
                <h2 id="connect-banks-title" style={{ fontSize: token.fontSizeHeading4 }}>
                  {t('payments.connect.banksTitle')}
                </h2>
                <List<ExternalAccount>
                  bordered
                  dataSource={banks}
                  locale={{ emptyText: t('payments.connect.noBanks') }}
                  renderItem={(bank) => (
                    <List.Item>
                      <span>
                        <BankOutlined aria-hidden style={{ marginInlineEnd: token.marginXS }} />
                        {bank.bankName} •••• {bank.last4} · {bank.currency.toUpperCase()}
                      </span>
                      {bank.isDefault && <Tag color="blue">{t('payments.connect.defaultBank')}</Tag>}
                    </List.Item>
                  )}
                />
              </section>

              <section aria-labelledby="connect-payouts-title">
                <h2 id="connect-payouts-title" style={{ fontSize: token.fontSizeHeading4 }}>
                  {t('payments.connect.payoutsTitle')}
                </h2>
                <Table<Payout>
                  rowKey="id"
                  size="middle"
                  dataSource={payouts}
                  pagination={false}
                  scroll={{ x: true }}
                  locale={{ emptyText: t('payments.connect.noPayouts') }}
                  columns={[
                    {
                      key: 'created',
                      title: t('payments.connect.payoutDate'),
                      render: (_, p) => formatDate(p.createdAt),
                    },
                    {
                      key: 'amount',
                      title: t('payments.connect.payoutAmount'),
                      align: 'right',
                      render: (_, p) => formatUsd(p.amount),
                    },
                    {
                      key: 'status',
                      title: t('payments.connect.payoutStatus'),
                      render: (_, p) => (
                        <Tag>{t(`payments.connect.payoutStatuses.${p.status}`, { defaultValue: p.status })}</Tag>
                      ),
                    },
                    {
                      key: 'arrival',
                      title: t('payments.connect.arrival'),
                      render: (_, p) => formatDate(p.arrivalDate),
                    },
                  ]}
                />
              </section>
            </>
          )}
        </>
      )}
    </PagePanel>
  );
}

function yesNo(t: (key: string) => string, value: boolean) {
  return <Tag color={value ? 'green' : 'default'}>{t(value ? 'payments.connect.yes' : 'payments.connect.no')}</Tag>;
}

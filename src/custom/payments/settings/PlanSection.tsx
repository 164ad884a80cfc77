import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Descriptions, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import { errorText } from '../../../providers/i18n/translate-message';
import { updateSession } from '../../../providers/session';
import type { CheckoutState } from '../checkout/checkout-state';
import { formatDate } from '../../../ui/format';
import { planName } from '../../../ui/plan-text';
import type { Plan, UserPlanState } from '../billing-api';
import { usePaymentActions, usePlansForRole, useUserPlan } from '../billing-hooks';
import { IntentKey } from '../payments-api';
import { planLimitsText } from './plan-limits';
import { SettingsSection } from './SectionTitle';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';
import '../payments.css';

function StatusTag({ state }: { state: UserPlanState }) {
  const { t } = useTranslation();
  if (state.subscriptionActive) return <Tag color="success">{t('settings.plan.active')}</Tag>;
  if (state.freeTrial > 0) return <Tag color="processing">{t('settings.plan.trial', { count: state.freeTrial })}</Tag>;
  if (state.subscription?.status === 'canceled') return <Tag>{t('settings.plan.canceled')}</Tag>;
  return <Tag color="warning">{t('settings.plan.inactive')}</Tag>;
}

/**
 * The user's plan and subscription: what they have, the plans their role may buy (change →
 * /checkout with the plan), and stop with a confirmation (→ the cancellation message). A plan
 * bought during the free trial is 'trialing': it says when billing starts, and stopping it
 * says the trial goes on and nothing is charged.
 */
export function PlanSection() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const mine = useUserPlan();
  const offered = usePlansForRole();
  const { stopSubscription } = usePaymentActions();
  // Both must answer before anything is shown (as one request pair before).
  const ready = mine.data !== undefined && offered.data !== undefined;
  const state = ready ? (mine.data ?? null) : null;
  const plans = ready ? (offered.data ?? []) : [];
  const [stopError, setStopError] = useState<unknown>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const [stopKey] = useState(() => new IntentKey());
  const loadError = mine.error ?? offered.error;
  const shownError = stopError ?? (loadError && loadError !== dismissed ? loadError : null);

  const choose = (plan: Plan) => {
    const checkout: CheckoutState = { plan, markdown: true };
    void navigate('/checkout', { state: checkout });
  };

  const stop = async () => {
    setStopping(true);
    setStopError(null);
    try {
      const result = await stopSubscription(stopKey.value);
      stopKey.settle();
      updateSession({ userData: { freeTrial: result.freeTrial, subscriptionActive: result.subscriptionActive } });
      setNotice(
        trialing && state?.trialEndsAt
          ? t('settings.plan.trialStopped', { date: formatDate(state.trialEndsAt) })
          : t('messages.subscriptionCanceled'),
      );
      mine.reload();
      offered.reload();
    } catch (err) {
      stopKey.settle(err);
      setStopError(err);
    } finally {
      setStopping(false);
    }
  };

  const current = state?.plan ?? null;
  const active = state?.subscriptionActive === true;
  // Bought during the trial and waiting for its end: nothing charged yet.
  const trialing = state?.subscription?.status === 'trialing';
  const live = active || trialing;

  return (
    <SettingsSection
      id="settings-plan-title"
      title={t('settings.plan.title')}
      description={t('settings.plan.description')}
    >
      {notice && (
        <Alert
          type="info"
          showIcon
          closable
          message={notice}
          onClose={() => setNotice(null)}
          className="payments-gap-below-sm"
        />
      )}
      {shownError ? (
        <Alert
          type="error"
          showIcon
          closable
          message={errorText(t, shownError)}
          onClose={() => {
            setStopError(null);
            setDismissed(loadError);
          }}
          className="payments-gap-below-sm"
        />
      ) : null}
      {state && (
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          items={[
            {
              key: 'plan',
              label: t('settings.plan.current'),
              children: current
                ? `${planName(t, current.name)} · ${formatUsd(current.price)} ${t('checkout.perMonth')}`
                : t('settings.plan.none'),
            },
            { key: 'status', label: t('settings.plan.status'), children: <StatusTag state={state} /> },
            ...(active && state.subscription
              ? [
                  {
                    key: 'renews',
                    label: t('settings.plan.renews'),
                    children: formatDate(state.subscription.currentPeriodEnd),
                  },
                ]
              : []),
            ...(trialing && state.subscription
              ? [
                  {
                    key: 'billingStarts',
                    label: t('settings.plan.billingStarts'),
                    children: `${formatDate(state.subscription.currentPeriodEnd)} · ${formatUsd(state.subscription.price)}`,
                  },
                ]
              : []),
            ...(!active && !trialing && state.freeTrial > 0 && state.trialEndsAt
              ? [{ key: 'trialEnds', label: t('settings.plan.trialEnds'), children: formatDate(state.trialEndsAt) }]
              : []),
          ]}
        />
      )}
      {live && (
        <div className="payments-plan-actions">
          <SteadyPopconfirm
            title={t('settings.plan.stopTitle')}
            description={
              trialing && state?.trialEndsAt
                ? t('settings.plan.stopTrialConfirm', { date: formatDate(state.trialEndsAt) })
                : t('settings.plan.stopConfirm')
            }
            okText={t('settings.plan.stop')}
            okButtonProps={{ danger: true }}
            cancelText={t('settings.plan.keep')}
            onConfirm={stop}
          >
            <Button danger loading={stopping}>
              {t('settings.plan.stop')}
            </Button>
          </SteadyPopconfirm>
        </div>
      )}
      {plans.length > 0 && (
        <div role="list" aria-label={t('settings.plan.available')} className="payments-plans">
          {plans.map((plan) => {
            // A free plan needs no subscription to be the one in use (the demo accounts start on
            // Free with none), so it is current whenever it is the account's plan; a paid plan
            // only while its subscription runs (after a stop it can be chosen again).
            const isCurrent = current?.id === plan.id && (live || plan.price === 0);
            return (
              <div
                key={plan.id}
                role="listitem"
                aria-label={planName(t, plan.name)}
                className="payments-plan"
                style={{ borderColor: isCurrent ? token.colorPrimary : token.colorBorderSecondary }}
              >
                <div className="payments-plan-name">{planName(t, plan.name)}</div>
                <div className="payments-plan-price">
                  {formatUsd(plan.price)}
                  <span className="payments-plan-per-month" style={{ color: token.colorTextSecondary }}>
                    {' '}
                    {t('checkout.perMonth')}
                  </span>
                </div>
                <div style={{ color: token.colorTextSecondary }}>{planLimitsText(t, plan)}</div>
                {isCurrent ? (
                  <Tag color="blue">{t('settings.plan.currentTag')}</Tag>
                ) : (
                  <Button type={live ? 'default' : 'primary'} onClick={() => choose(plan)}>
                    {t(live ? 'settings.plan.change' : 'settings.plan.choose', { name: planName(t, plan.name) })}
                  </Button>
                )}
              </div>
            );
          })}
        </div>
      )}
    </SettingsSection>
  );
}

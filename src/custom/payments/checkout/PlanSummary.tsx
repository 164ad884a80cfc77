import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { CheckoutPlan } from './checkout-state';
import { PlanDescription } from '../../../ui/PlanDescription';
import { planDescription, planName } from '../../../ui/plan-text';
import { formatDate } from '../../../ui/format';
import '../payments.css';

/** The plan being bought, beside both checkout steps; while a free trial runs, until when it stays free. */
export function PlanSummary({
  plan,
  markdown,
  trialEndsAt,
}: {
  plan: CheckoutPlan;
  markdown: boolean;
  trialEndsAt: string | null;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <aside
      aria-labelledby="checkout-plan-title"
      className="payments-plan-summary"
      style={{ borderColor: token.colorBorderSecondary, background: token.colorFillQuaternary }}
    >
      <div className="payments-plan-kicker" style={{ color: token.colorTextSecondary }}>
        {t('checkout.yourPlan')}
      </div>
      <h2 id="checkout-plan-title" className="payments-plan-title">
        {planName(t, plan.name)}
      </h2>
      <div className="payments-plan-price">
        {formatUsd(plan.price)}
        <span className="payments-plan-per-month" style={{ color: token.colorTextSecondary }}>
          {' '}
          {t('checkout.perMonth')}
        </span>
      </div>
      {trialEndsAt && plan.price > 0 && (
        <Typography.Text type="success" className="payments-plan-trial">
          {t('checkout.freeUntilDate', { date: formatDate(trialEndsAt) })}
        </Typography.Text>
      )}
      {plan.description && (
        <div className="payments-plan-description">
          <PlanDescription markdown={markdown} text={planDescription(t, plan)} />
        </div>
      )}
    </aside>
  );
}

import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { CheckoutPlan } from './checkout-state';
import { PlanDescription } from '../../../ui/PlanDescription';
import { formatDate } from '../../../ui/format';

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
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        background: token.colorFillQuaternary,
      }}
    >
      <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, textTransform: 'uppercase' }}>
        {t('checkout.yourPlan')}
      </div>
      <h2 id="checkout-plan-title" style={{ margin: `${token.marginXXS}px 0`, fontSize: token.fontSizeHeading4 }}>
        {plan.name}
      </h2>
      <div style={{ fontSize: token.fontSizeHeading3, fontWeight: 600 }}>
        {formatUsd(plan.price)}
        <span style={{ fontSize: token.fontSize, fontWeight: 400, color: token.colorTextSecondary }}>
          {' '}
          {t('checkout.perMonth')}
        </span>
      </div>
      {trialEndsAt && plan.price > 0 && (
        <div style={{ color: token.colorSuccessText, marginTop: token.marginXXS }}>
          {t('checkout.freeUntilDate', { date: formatDate(trialEndsAt) })}
        </div>
      )}
      {plan.description && (
        <div style={{ marginTop: token.marginMD }}>
          <PlanDescription markdown={markdown} text={plan.description} />
        </div>
      )}
    </aside>
  );
}

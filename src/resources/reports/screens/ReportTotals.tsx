import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd, formatUsdOff } from '../../../domain/money';
import type { ReportTotals as Totals } from '../../../domain/reports/money';
import { SectionCard } from './SectionCard';

/** The report's totals, computed on the screen by the same rule (money.ts) as the server's and the exports'. */
export function ReportTotals({ totals, reportDiscount }: { totals: Totals; reportDiscount: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('reports.totals.title')} id="report-totals">
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ content: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
        items={[
          { key: 'n', label: t('reports.totals.deliveries'), children: totals.deliveries },
          { key: 'sub', label: t('reports.totals.subtotal'), children: formatUsd(totals.subtotalCents) },
          { key: 'lines', label: t('reports.totals.lineDiscounts'), children: formatUsdOff(totals.lineDiscountCents) },
          {
            key: 'report',
            label: `${t('reports.totals.reportDiscount')}${reportDiscount ? ` (${reportDiscount})` : ''}`,
            children: formatUsdOff(totals.reportDiscountCents),
          },
          {
            key: 'total',
            label: <strong>{t('reports.totals.total')}</strong>,
            children: <strong data-testid="report-total">{formatUsd(totals.totalCents)}</strong>,
          },
        ]}
      />
    </SectionCard>
  );
}

/**
 * The 30-day revenue chart: hand-written SVG bars, loaded on demand (React.lazy in
 * HomeDashboard) so no chart code is in the first load. A chart library would be hundreds of
 * KB for thirty bars; this is a few (`npm run bench:dashboard` prints both figures).
 *
 * Accessible: the figure is one image whose label says the total and the best day; each bar
 * has a title (the browser's tooltip) with its day and amount. Colours are antd tokens, so the
 * dark theme follows.
 */
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { RevenueDay } from '../../../domain/home/dashboard';
import './home.css';

const HEIGHT = 160;
/** Each day's slot is 10 units wide; the bar takes 7 of them. */
const SLOT = 10;
const BAR = 7;

/** MM/DD/YYYY of a YYYY-MM-DD day. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export default function RevenueChart({ days, totalCents }: { days: RevenueDay[]; totalCents: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const best = days.reduce<RevenueDay | null>((top, d) => (d.cents > (top?.cents ?? 0) ? d : top), null);
  const max = best?.cents ?? 0;
  const label = best
    ? t('homeDashboard.chartLabel', {
        total: formatUsd(totalCents),
        day: usDay(best.day),
        best: formatUsd(best.cents),
      })
    : t('homeDashboard.chartLabelEmpty');
  const width = days.length * SLOT;

  return (
    <figure className="home-chart">
      <div className="home-chart__caption">
        <span>{formatUsd(max)}</span>
        {!best && <span>{t('homeDashboard.noRevenue')}</span>}
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        className="home-chart__bars"
      >
        {days.map((d, i) => {
          const h = max > 0 ? Math.max((d.cents / max) * (HEIGHT - 4), d.cents > 0 ? 2 : 0) : 0;
          return (
            <g key={d.day}>
              <title>{`${usDay(d.day)}: ${formatUsd(d.cents)}`}</title>
              {/* The whole slot takes the pointer, so an empty day has its tooltip too. */}
              <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} fill="transparent" />
              <rect
                x={i * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - h}
                width={BAR}
                height={h}
                rx={1}
                fill={token.colorPrimary}
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="home-chart__caption">
        <span>{days[0] ? usDay(days[0].day) : ''}</span>
        <span>{days.length ? usDay(days[days.length - 1]!.day) : ''}</span>
      </figcaption>
    </figure>
  );
}

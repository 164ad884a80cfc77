import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { clockFor } from '../../ui/format';
import { useElementWidth } from '../../ui/use-element-width';
import { CHART_SERIES, chartGeometry, type ChartSeries, type HourCounts } from './chart-scale';
import { digits } from './campaigns-api';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 32, bottom: 40, left: 44 };
/** Told apart by the dash as well as the colour (a reader who does not see the colours). */
const DASH: Record<ChartSeries, string | undefined> = { sent: undefined, opened: '6 4', clicked: '2 3' };

/**
 * The report's sent, opened and clicked per hour as an SVG line chart over time, in its own chunk
 * (CampaignReport loads it lazily). Colours are the theme's tokens, so it follows light and dark.
 * It is a picture for the eye: its label sums it up, and the by-hour table under it carries
 * every figure for a screen reader.
 */
export default function ReportChart({ series, timeZone }: { series: HourCounts[]; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Drawn at its own pixel size, so its text never shrinks on a phone.
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const colour: Record<ChartSeries, string> = {
    sent: token.colorPrimary,
    opened: token.colorSuccess,
    clicked: token.colorWarning,
  };
  const g = width ? chartGeometry(series, { width, height: HEIGHT, margin: MARGIN }) : null;
  const when = clockFor(timeZone).dateTime;
  const peak = g?.points.reduce((best, p) => (p.sent > best.sent ? p : best), g.points[0]!);
  const label =
    g && peak
      ? t('campaigns.report.chartLabel', {
          from: when(g.points[0]!.hour),
          to: when(g.points.at(-1)!.hour),
          peak: digits(peak.sent),
          at: when(peak.hour),
        })
      : t('campaigns.report.chartTitle');
  return (
    <figure className="cm-chart" data-testid="report-chart">
      <ul className="cm-legend" aria-hidden="true">
        {CHART_SERIES.map((key) => (
          <li key={key}>
            <svg width="24" height="10" className="cm-legend-key">
              <line x1="0" y1="5" x2="24" y2="5" stroke={colour[key]} strokeWidth="2" strokeDasharray={DASH[key]} />
            </svg>
            {t(`campaigns.report.counts.${key}`)}
          </li>
        ))}
      </ul>
      <div ref={ref} className="cm-chart-box">
        {g && (
          <svg width={width} height={HEIGHT} role="img" aria-label={label} className="cm-chart-svg">
            {g.yTicks.map((tick) => (
              <g key={tick.value}>
                <line x1={g.plot.left} x2={g.plot.right} y1={tick.y} y2={tick.y} className="cm-chart-grid" />
                <text x={g.plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end" className="cm-chart-text">
                  {digits(tick.value)}
                </text>
              </g>
            ))}
            {g.xTicks.map((tick, i) => {
              const [date, time, half] = when(tick.hour).split(' ');
              const newDay = i === 0 || when(g.xTicks[i - 1]!.hour).split(' ')[0] !== date;
              return (
                <text key={tick.hour} x={tick.x} y={g.plot.bottom + 16} textAnchor="middle" className="cm-chart-text">
                  {`${time} ${half}`}
                  {newDay && (
                    <tspan x={tick.x} dy="1.2em">
                      {date?.slice(0, 5)}
                    </tspan>
                  )}
                </text>
              );
            })}
            {CHART_SERIES.map((key) => (
              <g key={key} data-series={key}>
                <path d={g.series[key].area} fill={colour[key]} fillOpacity={0.08} />
                <path
                  d={g.series[key].line}
                  fill="none"
                  stroke={colour[key]}
                  strokeWidth={2}
                  strokeDasharray={DASH[key]}
                  strokeLinejoin="round"
                />
                {g.series[key].dots.length < 60 &&
                  g.series[key].dots.map((d, i) => <circle key={i} cx={d.x} cy={d.y} r={3} fill={colour[key]} />)}
              </g>
            ))}
          </svg>
        )}
      </div>
    </figure>
  );
}

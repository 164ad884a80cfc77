/**
 * The geometry of the report's chart over time, pure (no DOM, no React): the hours with their
 * counts (gaps filled with zeros, so a quiet hour drops to the axis), a rounded top for the y
 * axis, and per series an SVG line, the area under it and its points, inside a box measured in
 * pixels (ReportChart.tsx draws at the width it is given, so text keeps its size on a phone).
 */
import type { CampaignReport } from '../../domain/campaigns/wire';

export const CHART_SERIES = ['sent', 'opened', 'clicked'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];
export type HourCounts = CampaignReport['series'][number];

const HOUR_MS = 3_600_000;
/** Past this many hours (two weeks) the gaps are left as they are: a point per hour with events. */
const MAX_FILLED_HOURS = 14 * 24;

export interface ChartBox {
  width: number;
  height: number;
  /** Room around the plot for the axes' labels. */
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface ChartGeometry {
  points: HourCounts[];
  /** The y axis's top value: 1, 2 or 5 times a power of ten, at least the largest count. */
  top: number;
  yTicks: { y: number; value: number }[];
  xTicks: { x: number; hour: string }[];
  series: Record<ChartSeries, { line: string; area: string; dots: { x: number; y: number; value: number }[] }>;
  /** The plot's edges in the box: the axes are drawn along them. */
  plot: { left: number; right: number; top: number; bottom: number };
}

/** Every hour from the first to the last with its counts, hours without events at zero. */
export function hourlyPoints(series: readonly HourCounts[]): HourCounts[] {
  const sorted = [...series].sort((a, b) => Date.parse(a.hour) - Date.parse(b.hour));
  if (sorted.length < 2) return sorted;
  const first = Date.parse(sorted[0]!.hour);
  const span = (Date.parse(sorted.at(-1)!.hour) - first) / HOUR_MS;
  if (span > MAX_FILLED_HOURS) return sorted;
  const byHour = new Map(sorted.map((p) => [Date.parse(p.hour), p]));
  return Array.from({ length: span + 1 }, (_, i) => {
    const at = first + i * HOUR_MS;
    return byHour.get(at) ?? { hour: new Date(at).toISOString(), sent: 0, opened: 0, clicked: 0 };
  });
}

/** The smallest of 1, 2, 5 × 10^k at or above `n` (1 for 0). */
export function niceTop(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((m) => m * power >= n)!;
  return step * power;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Where everything goes. One point sits in the middle of the plot; x ticks are spread so their
 * labels (about `labelWidth` pixels each) never overlap; y ticks are 0, half the top and the top.
 */
export function chartGeometry(series: readonly HourCounts[], box: ChartBox, labelWidth = 80): ChartGeometry {
  const points = hourlyPoints(series);
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const wide = Math.max(1, plot.right - plot.left);
  const tall = plot.bottom - plot.top;
  const top = niceTop(Math.max(0, ...points.flatMap((p) => CHART_SERIES.map((k) => p[k]))));
  const x = (i: number) =>
    round(points.length < 2 ? plot.left + wide / 2 : plot.left + (i * wide) / (points.length - 1));
  const y = (v: number) => round(plot.bottom - (v / top) * tall);
  const each = (key: ChartSeries) => {
    const dots = points.map((p, i) => ({ x: x(i), y: y(p[key]), value: p[key] }));
    const line = dots.map((d, i) => `${i ? 'L' : 'M'}${d.x} ${d.y}`).join(' ');
    const area = dots.length ? `${line} L${dots.at(-1)!.x} ${plot.bottom} L${dots[0]!.x} ${plot.bottom} Z` : '';
    return { line, area, dots };
  };
  // Every stride-th hour is labelled: hours closer than a label's width share one.
  const step = points.length < 2 ? wide : wide / (points.length - 1);
  const stride = Math.max(1, Math.ceil(labelWidth / step));
  const xTicks = points.flatMap((p, i) => (i % stride === 0 ? [{ x: x(i), hour: p.hour }] : []));
  // Counts are whole: the middle line only where it is a whole number (not 2.5 under a top of 5).
  const yTicks = (top % 2 ? [0, top] : [0, top / 2, top]).map((value) => ({ y: y(value), value }));
  return {
    points,
    top,
    yTicks,
    xTicks,
    plot,
    series: { sent: each('sent'), opened: each('opened'), clicked: each('clicked') },
  };
}

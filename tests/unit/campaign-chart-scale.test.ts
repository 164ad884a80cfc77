// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chartGeometry, hourlyPoints, niceTop } from '../../src/custom/campaigns/chart-scale';

const at = (h: number) => new Date(Date.UTC(2026, 10, 29, h)).toISOString();
const box = { width: 300, height: 200, margin: { top: 10, right: 10, bottom: 40, left: 40 } };

describe('campaign report chart: scale and paths', () => {
  it('fills the hours without events with zeros, in order', () => {
    const points = hourlyPoints([
      { hour: at(12), sent: 1, opened: 0, clicked: 0 },
      { hour: at(9), sent: 5, opened: 2, clicked: 1 },
    ]);
    expect(points.map((p) => [p.hour, p.sent])).toEqual([
      [at(9), 5],
      [at(10), 0],
      [at(11), 0],
      [at(12), 1],
    ]);
  });

  it('leaves the gaps of a series longer than two weeks', () => {
    const points = hourlyPoints([
      { hour: at(0), sent: 1, opened: 0, clicked: 0 },
      { hour: new Date(Date.UTC(2026, 11, 29)).toISOString(), sent: 1, opened: 0, clicked: 0 },
    ]);
    expect(points).toHaveLength(2);
  });

  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [180, 200],
    [201, 500],
    [9001, 10000],
  ])('rounds the top of the y axis: %i -> %i', (n, top) => {
    expect(niceTop(n)).toBe(top);
  });

  it('draws each series from the left edge to the right, the largest count at the top', () => {
    const g = chartGeometry(
      [
        { hour: at(9), sent: 10, opened: 0, clicked: 0 },
        { hour: at(10), sent: 5, opened: 4, clicked: 2 },
      ],
      box,
    );
    expect(g.top).toBe(10);
    expect(g.plot).toEqual({ left: 40, right: 290, top: 10, bottom: 160 });
    expect(g.series.sent.line).toBe('M40 10 L290 85');
    expect(g.series.sent.area).toBe('M40 10 L290 85 L290 160 L40 160 Z');
    expect(g.series.opened.dots.map((d) => d.y)).toEqual([160, 100]);
    expect(g.yTicks).toEqual([
      { y: 160, value: 0 },
      { y: 85, value: 5 },
      { y: 10, value: 10 },
    ]);
    expect(g.xTicks.map((x) => x.x)).toEqual([40, 290]);
  });

  it('puts a single hour in the middle, and nothing at all draws an empty path', () => {
    const one = chartGeometry([{ hour: at(9), sent: 2, opened: 1, clicked: 0 }], box);
    expect(one.series.sent.line).toBe('M165 10');
    expect(one.yTicks.map((y) => y.value)).toEqual([0, 1, 2]);
    const five = chartGeometry([{ hour: at(9), sent: 4, opened: 0, clicked: 0 }], box);
    expect(five.yTicks.map((y) => y.value)).toEqual([0, 5]);
    const none = chartGeometry([], box);
    expect(none.series.sent.line).toBe('');
    expect(none.series.sent.area).toBe('');
    expect(none.top).toBe(1);
  });

  it('spreads the hour labels so they never overlap on a narrow screen', () => {
    const day = Array.from({ length: 24 }, (_, h) => ({ hour: at(h), sent: h, opened: 0, clicked: 0 }));
    const phone = chartGeometry(day, { ...box, width: 340 }, 80);
    const gaps = phone.xTicks.slice(1).map((tick, i) => tick.x - phone.xTicks[i]!.x);
    expect(phone.xTicks.length).toBeLessThanOrEqual(4);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(80);
  });
});

import { describe, expect, it } from 'vitest';
import { latencyFigures, percentileCont } from './latency-stats';

const sorted = (...values: number[]) => Float64Array.from(values).sort();
const HOUR_US = 3_600_000_000;

describe('percentileCont, as PostgreSQL computes it', () => {
  it('interpolates between the two values around p × (n − 1); 0 without values', () => {
    expect(percentileCont(sorted(), 0.5)).toBe(0);
    expect(percentileCont(sorted(7), 0.99)).toBe(7);
    expect(percentileCont(sorted(1, 2), 0.5)).toBe(1.5);
    // 0.95 × 4 = 3.8: 40 + (50 − 40) × 0.8
    expect(percentileCont(sorted(50, 10, 40, 20, 30), 0.95)).toBeCloseTo(48, 12);
    expect(percentileCont(sorted(50, 10, 40, 20, 30), 0.5)).toBe(30);
  });
});

describe('route stats and the hourly series', () => {
  const row = (id: number, atUs: number, route: string, status: number, durationMs: number) => ({
    id,
    atUs,
    method: 'GET',
    route,
    key: `GET ${route}`,
    status,
    durationMs,
  });
  const now = new Date('2026-11-23T10:30:00Z');
  const nowUs = now.getTime() * 1000;
  const rows = [
    row(1, nowUs - 2 * HOUR_US, '/a', 200, 4),
    row(2, nowUs - 10, '/a', 500, 2),
    row(3, nowUs - 20, '/a', 404, 6),
    row(4, nowUs - 30, '/b', 200, 1),
  ];

  const figures = (dayStartUs: number) =>
    latencyFigures(rows, { now, dayStartUs, hourStartUs: nowUs - HOUR_US, hours: 3 });

  it('counts, rates and percentiles per route from the window start on, busiest first', () => {
    expect(figures(nowUs - 3 * HOUR_US).lastHour).toEqual([
      {
        method: 'GET',
        route: '/a',
        count: 2,
        errorRate: 0.5,
        clientErrorRate: 0.5,
        p50Ms: 4,
        p95Ms: 5.8,
        p99Ms: 5.96,
      },
      {
        method: 'GET',
        route: '/b',
        count: 1,
        errorRate: 0,
        clientErrorRate: 0,
        p50Ms: 1,
        p95Ms: 1,
        p99Ms: 1,
      },
    ]);
    expect(figures(nowUs - 3 * HOUR_US).lastDay[0]).toMatchObject({ route: '/a', count: 3, p50Ms: 4 });
    expect(figures(nowUs - 30).lastDay.map((r) => [r.route, r.count])).toEqual([
      ['/a', 2],
      ['/b', 1],
    ]);
  });

  it('buckets by UTC hour, empty hours included', () => {
    const { series } = figures(nowUs - 3 * HOUR_US);
    expect(series.map((point) => point.at)).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ]);
    expect(series.map((point) => [point.count, point.errors, point.p95Ms])).toEqual([
      [1, 0, 4],
      [0, 0, 0],
      [3, 1, 5.6],
    ]);
  });
});

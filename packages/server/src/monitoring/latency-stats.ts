import type { RouteStats, TrafficPoint } from '@giro/contract/admin-monitoring';
import type { LoggedRequest } from '../db/api-request.queries';

const HOUR_US = 3_600_000_000;
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * PostgreSQL's `percentile_cont(p)` over ascending values: the value at the fractional row
 * p × (n − 1), interpolated linearly between its neighbours, in the same float arithmetic (so
 * the page shows what the SQL aggregate would). 0 when there are none.
 */
export function percentileCont(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const row = p * (sorted.length - 1);
  const below = Math.floor(row);
  const above = Math.ceil(row);
  const low = sorted[below]!;
  return below === above ? low : low + (sorted[above]! - low) * (row - below);
}

/** Durations and error counts of a set of requests (a route's, or an hour's). */
class Tally {
  readonly durations: number[] = [];
  errors = 0;
  clientErrors = 0;

  add(row: LoggedRequest) {
    this.durations.push(row.durationMs);
    if (row.status >= 500) this.errors += 1;
    else if (row.status >= 400) this.clientErrors += 1;
  }

  sorted(): Float64Array {
    return Float64Array.from(this.durations).sort();
  }
}

function busiestFirst(routes: Map<string, { row: LoggedRequest; tally: Tally }>): RouteStats[] {
  return [...routes.values()]
    .map(({ row, tally }) => {
      const sorted = tally.sorted();
      return {
        method: row.method,
        route: row.route,
        count: sorted.length,
        errorRate: round(tally.errors / sorted.length),
        clientErrorRate: round(tally.clientErrors / sorted.length),
        p50Ms: round(percentileCont(sorted, 0.5)),
        p95Ms: round(percentileCont(sorted, 0.95)),
        p99Ms: round(percentileCont(sorted, 0.99)),
      };
    })
    .sort((a, b) => b.count - a.count || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

/**
 * The monitoring page's figures from the log's rows, in one pass: per route template (count,
 * server and client error rates, p50/p95/p99) from `dayStartUs` and from `hourStartUs` on,
 * busiest first; and the `hours` UTC hours up to `now`'s (count, server errors, p95), oldest
 * first, empty hours included. Times in epoch microseconds, as the rows have them.
 */
export function latencyFigures(
  rows: readonly LoggedRequest[],
  window: { now: Date; dayStartUs: number; hourStartUs: number; hours: number },
): { lastDay: RouteStats[]; lastHour: RouteStats[]; series: TrafficPoint[] } {
  const day = new Map<string, { row: LoggedRequest; tally: Tally }>();
  const hour = new Map<string, { row: LoggedRequest; tally: Tally }>();
  const endUs = Math.floor((window.now.getTime() * 1000) / HOUR_US) * HOUR_US;
  const seriesStartUs = endUs - (window.hours - 1) * HOUR_US;
  const buckets = Array.from({ length: window.hours }, () => new Tally());
  const addTo = (routes: typeof day, row: LoggedRequest) => {
    let route = routes.get(row.key);
    if (!route) {
      route = { row, tally: new Tally() };
      routes.set(row.key, route);
    }
    route.tally.add(row);
  };
  for (const row of rows) {
    if (row.atUs >= window.dayStartUs) addTo(day, row);
    if (row.atUs >= window.hourStartUs) addTo(hour, row);
    const bucket = Math.floor((row.atUs - seriesStartUs) / HOUR_US);
    if (bucket >= 0 && bucket < window.hours) buckets[bucket]!.add(row);
  }
  return {
    lastDay: busiestFirst(day),
    lastHour: busiestFirst(hour),
    series: buckets.map((bucket, i) => {
      const sorted = bucket.sorted();
      return {
        at: new Date((seriesStartUs + i * HOUR_US) / 1000).toISOString(),
        count: sorted.length,
        errors: bucket.errors,
        p95Ms: round(percentileCont(sorted, 0.95)),
      };
    }),
  };
}

import type { ApiLogsQuery, RouteStats, TrafficPoint } from '@giro/contract/admin-monitoring';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { apiRequests } from './schema';

const t = apiRequests;
/** p50, p95 and p99 from one sort (an ordered-set aggregate over an array of fractions). */
const percentiles = sql<
  [number, number, number] | null
>`percentile_cont(array[0.5, 0.95, 0.99]) within group (order by ${t.durationMs})`;
const p95 = sql<number>`coalesce(percentile_cont(0.95) within group (order by ${t.durationMs}), 0)`.mapWith(
  Number,
);
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Per route template since `since`: count, error rates and latency percentiles, busiest first. */
export async function routeStats(db: Db, since: Date): Promise<RouteStats[]> {
  const rows = await db
    .select({
      method: t.method,
      route: t.route,
      count: sql<number>`count(*)`.mapWith(Number),
      errorRate: sql<number>`avg(case when ${t.status} >= 500 then 1.0 else 0.0 end)`.mapWith(Number),
      clientErrorRate:
        sql<number>`avg(case when ${t.status} between 400 and 499 then 1.0 else 0.0 end)`.mapWith(Number),
      percentiles,
    })
    .from(t)
    .where(gte(t.at, since))
    .groupBy(t.method, t.route)
    .orderBy(sql`count(*) desc`, t.route);
  return rows.map(({ percentiles: p, ...row }) => ({
    ...row,
    errorRate: round(row.errorRate),
    clientErrorRate: round(row.clientErrorRate),
    p50Ms: round(Number(p?.[0] ?? 0)),
    p95Ms: round(Number(p?.[1] ?? 0)),
    p99Ms: round(Number(p?.[2] ?? 0)),
  }));
}

/** The last `hours` hours by hour, oldest first, empty hours included. */
export async function trafficSeries(db: Db, now: Date, hours: number): Promise<TrafficPoint[]> {
  const hourMs = 3_600_000;
  const end = Math.floor(now.getTime() / hourMs) * hourMs;
  const start = new Date(end - (hours - 1) * hourMs);
  const bucket = sql<string>`date_bin('1 hour', ${t.at}, timestamptz '2000-01-01T00:00:00Z')`;
  const rows = await db
    .select({
      at: bucket.mapWith((value: string | Date) => new Date(value).getTime()),
      count: sql<number>`count(*)`.mapWith(Number),
      errors: sql<number>`count(*) filter (where ${t.status} >= 500)`.mapWith(Number),
      p95Ms: p95,
    })
    .from(t)
    .where(gte(t.at, start))
    .groupBy(bucket);
  const byHour = new Map(rows.map((row) => [row.at, row]));
  return Array.from({ length: hours }, (_, i) => {
    const at = start.getTime() + i * hourMs;
    const row = byHour.get(at);
    return {
      at: new Date(at).toISOString(),
      count: row?.count ?? 0,
      errors: row?.errors ?? 0,
      p95Ms: round(row?.p95Ms ?? 0),
    };
  });
}

/** A page of the log, newest first, after the keyset cursor `(at, id)`. */
export async function listApiRequests(db: Db, query: ApiLogsQuery, after: { at: string; id: number } | null) {
  const where: SQL[] = [];
  if (query.status?.endsWith('xx')) {
    const base = Number(query.status[0]) * 100;
    where.push(sql`${t.status} between ${base} and ${base + 99}`);
  } else if (query.status) where.push(eq(t.status, Number(query.status)));
  if (query.route) where.push(eq(t.route, query.route));
  if (query.userId) where.push(eq(t.userId, query.userId));
  if (query.from) where.push(gte(t.at, new Date(query.from)));
  if (query.to) where.push(lte(t.at, new Date(query.to)));
  if (after) where.push(sql`(${t.at}, ${t.id}) < (${after.at}::timestamptz, ${after.id})`);
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.at), desc(t.id))
    .limit(query.limit + 1);
}

import type { ApiMonitoring } from '@giro/contract/admin-monitoring';
import { routeStats, trafficSeries } from '../db/api-request.queries';
import { deadlineLagSeconds, outboxBacklog } from '../db/health.queries';
import type { Deps } from '../deps';
import { eventLoopDelay } from '../monitoring/event-loop';
import type { RequestRecorder } from '../monitoring/request-recorder';

/**
 * The API monitoring page: per route template over the last hour and day, the hourly series of
 * the chart, and this instance's health. This instance's buffer is written first, so the page
 * includes the requests that led to it.
 */
export async function getApiMonitoring(deps: Deps, recorder: RequestRecorder): Promise<ApiMonitoring> {
  await recorder.flush();
  const now = deps.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  // Independent reads: concurrent on a PostgreSQL pool (PGlite runs them one after another).
  const [lastHour, lastDay, series, backlog, lag] = await Promise.all([
    routeStats(deps.db, ago(3_600_000)),
    routeStats(deps.db, ago(86_400_000)),
    trafficSeries(deps.db, now, 24),
    outboxBacklog(deps.db, now),
    deadlineLagSeconds(deps.db, now),
  ]);
  const memory = process.memoryUsage();
  const loop = eventLoopDelay();
  return {
    generatedAt: now.toISOString(),
    lastHour,
    lastDay,
    series,
    health: {
      uptimeSeconds: Math.round(process.uptime()),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      eventLoopDelayP50Ms: loop.p50Ms,
      eventLoopDelayP99Ms: loop.p99Ms,
      eventLoopDelayMaxMs: loop.maxMs,
      openSockets: deps.hub.size,
      outboxBacklog: backlog,
      deadlineLagSeconds: lag,
      bufferedRequests: recorder.buffered,
      droppedRequests: recorder.droppedCount,
    },
  };
}

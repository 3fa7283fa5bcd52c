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
  const memory = process.memoryUsage();
  const loop = eventLoopDelay();
  return {
    generatedAt: now.toISOString(),
    lastHour: await routeStats(deps.db, ago(3_600_000)),
    lastDay: await routeStats(deps.db, ago(86_400_000)),
    series: await trafficSeries(deps.db, now, 24),
    health: {
      uptimeSeconds: Math.round(process.uptime()),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      eventLoopDelayP50Ms: loop.p50Ms,
      eventLoopDelayP99Ms: loop.p99Ms,
      eventLoopDelayMaxMs: loop.maxMs,
      openSockets: deps.hub.size,
      outboxBacklog: await outboxBacklog(deps.db, now),
      deadlineLagSeconds: await deadlineLagSeconds(deps.db, now),
      bufferedRequests: recorder.buffered,
      droppedRequests: recorder.droppedCount,
    },
  };
}

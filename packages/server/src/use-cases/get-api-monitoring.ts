import type { ApiMonitoring } from '@giro/contract/admin-monitoring';
import { deadlineLagSeconds, outboxBacklog } from '../db/health.queries';
import type { Deps } from '../deps';
import { eventLoopDelay } from '../monitoring/event-loop';
import { latencyFigures } from '../monitoring/latency-stats';
import type { RequestRecorder } from '../monitoring/request-recorder';
import type { RequestWindow } from '../monitoring/request-window';

/**
 * The API monitoring page: per route template over the last hour and day, the hourly series of
 * the chart, and this instance's health. This instance's buffer is written first, so the page
 * includes the requests that led to it. The figures are computed from the day of the log as
 * the table holds it (`RequestWindow`), with PostgreSQL's definition of the percentiles.
 */
export async function getApiMonitoring(
  deps: Deps,
  recorder: RequestRecorder,
  requestWindow: RequestWindow,
): Promise<ApiMonitoring> {
  await recorder.flush();
  const now = deps.clock.now();
  // Independent reads: concurrent on a PostgreSQL pool (PGlite runs them one after another).
  const [rows, backlog, lag] = await Promise.all([
    requestWindow.read(deps.db, new Date(now.getTime() - 86_400_000)),
    outboxBacklog(deps.db, now),
    deadlineLagSeconds(deps.db, now),
  ]);
  const { lastHour, lastDay, series } = latencyFigures(rows, {
    now,
    dayStartUs: (now.getTime() - 86_400_000) * 1000,
    hourStartUs: (now.getTime() - 3_600_000) * 1000,
    hours: 24,
  });
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

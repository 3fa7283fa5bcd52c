import { timingSafeEqual } from 'node:crypto';
import { apiLogsPageSchema, apiLogsQuerySchema, apiMonitoringSchema } from '@giro/contract/admin-monitoring';
import { schedulePruning } from '../jobs/prune-old-rows';
import { AppMetrics } from '../monitoring/metrics';
import { RequestRecorder } from '../monitoring/request-recorder';
import { RequestWindow } from '../monitoring/request-window';
import { sendError } from '../plugins/errors';
import { getApiMonitoring } from '../use-cases/get-api-monitoring';
import { listApiLogs } from '../use-cases/list-api-logs';
import { requireAdmin } from './admin.routes';
import { type Routes, typed } from './route-kit';

const tags = ['admin'];

/**
 * Records every API request (route template, never the URL) in memory for the API log and the
 * Prometheus histogram; serves the admin monitoring and log pages, and GET /metrics when
 * METRICS_TOKEN is configured (a bearer token; without it the endpoint does not exist).
 */
export const apiMonitoringRoutes: Routes = (app, deps) => {
  const recorder = new RequestRecorder(deps.db, deps.logger);
  const requestWindow = new RequestWindow();
  const metrics = new AppMetrics(deps);
  let stopPruning = async () => {};
  app.addHook('onReady', async () => {
    recorder.start();
    stopPruning = schedulePruning(deps);
  });
  app.addHook('onClose', async () => {
    await stopPruning();
    await recorder.stop();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url;
    if (!path.startsWith('/api/')) return;
    const route = request.routeOptions.url ?? '(unmatched)';
    const durationMs = reply.elapsedTime;
    metrics.observe(request.method, route, reply.statusCode, durationMs);
    recorder.record({
      at: deps.clock.now(),
      method: request.method,
      route,
      status: reply.statusCode,
      durationMs,
      userId: request.session?.userId ?? null,
      requestId: request.id,
    });
  });

  const r = typed(app);
  r.get(
    '/api/admin/api-monitoring',
    { onRequest: requireAdmin, schema: { tags, response: { 200: apiMonitoringSchema } } },
    async () => getApiMonitoring(deps, recorder, requestWindow),
  );
  r.get(
    '/api/admin/api-logs',
    {
      onRequest: requireAdmin,
      schema: { tags, querystring: apiLogsQuerySchema, response: { 200: apiLogsPageSchema } },
    },
    async (request) => listApiLogs(deps, recorder, request.query),
  );

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = deps.config.metricsToken;
    if (!token) return sendError(reply, request, 'NOT_FOUND');
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer');
      return sendError(reply, request, 'UNAUTHORIZED');
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
};

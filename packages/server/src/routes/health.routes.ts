import type { FastifyInstance } from 'fastify';
import { type ReadinessSources, readinessCheck } from '../monitoring/readiness';

/**
 * Health for a container runtime and a balancer (issue 19): `/healthz`, the process answers;
 * `/readyz`, it should get traffic (monitoring/readiness.ts): 200 or 503 with the checks. Outside
 * /api/, so neither the session, the CSRF check nor the API log runs for them; never cached.
 * Asked through the proxy (it names the client in X-Forwarded-For), /readyz says its status alone:
 * the checks (the outbox's backlog, the deadlines' lag) are for the balancer and the monitors,
 * which ask the instance itself, not for anyone on the internet.
 */
export function healthRoutes(app: FastifyInstance, sources: ReadinessSources) {
  const checkReadiness = readinessCheck(sources);
  app.get('/healthz', { config: { rateLimit: false } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: { rateLimit: false } }, async (request, reply) => {
    const { ready, checks } = await checkReadiness();
    reply.header('cache-control', 'no-store');
    reply.code(ready ? 200 : 503);
    const status = ready ? 'ready' : 'unready';
    return request.headers['x-forwarded-for'] === undefined ? { status, checks } : { status };
  });
}

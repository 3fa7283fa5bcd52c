import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';

/** What every feature's routes receive: the typed app and the use cases' dependencies. */
export type Routes = (app: FastifyInstance, deps: Deps) => void;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** A per-route rate limit (429 with Retry-After), scaled by configuration for tests. */
export function limit(deps: Deps, max: number, timeWindow: string, perUser = false) {
  return {
    rateLimit: {
      max: Math.max(1, Math.round(max * deps.config.rateLimitScale)),
      timeWindow,
      ...(perUser ? { keyGenerator: (request: FastifyRequest) => request.session.userId ?? request.ip } : {}),
    },
  };
}

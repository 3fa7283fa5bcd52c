import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { countRateLimitHit } from '../db/rate-limit.queries';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/** How many callers over their limit an instance remembers at most (a flood from many addresses). */
const EXCEEDED_KEPT = 10_000;

/**
 * @fastify/rate-limit's store, counting in the database (ADR 0049) rather than in each
 * instance's memory, where N instances behind a load balancer let N times the sign-in attempts
 * through. A route's store (`child`) counts under the route's method and path; a HEAD, which
 * Fastify answers with the GET's handler, counts with its GET. The app's clock dates the windows,
 * so a moved test clock ends them as real time would.
 *
 * A caller over the limit stays over it until the window ends (a count only grows), so the
 * instance that saw it answers their next requests from memory: a flood of refused attempts
 * costs the database nothing.
 *
 * A store that cannot reach the database logs it and lets the request through (the plugin's
 * `skipOnError`): every limited route but the captcha's challenge needs the database anyway.
 */
export function databaseRateLimitStore(db: Db, clock: Clock, logger: Logger): FastifyRateLimitStoreCtor {
  const exceeded = new Map<string, { resetsAt: number; max: number }>();

  class RouteStore implements FastifyRateLimitStore {
    /** The route counted under: none for the plugin's own store, which is only a parent. */
    private route = '';

    incr(key: string, callback: Counted, timeWindow: number, max: number): void {
      const counted = `${this.route} ${key}`;
      const now = clock.now().getTime();
      const over = exceeded.get(counted);
      // As the database decides (rate-limit.queries.ts): a window ending more than twice its
      // length ahead was dated by a test clock since set back, and starts again.
      if (over && over.max === max && over.resetsAt > now && over.resetsAt - now <= 2 * timeWindow) {
        callback(null, { current: max + 1, ttl: over.resetsAt - now });
        return;
      }
      exceeded.delete(counted);
      countRateLimitHit(db, counted, timeWindow, new Date(now)).then(
        ({ hits, resetsAt }) => {
          if (hits > max) {
            if (exceeded.size >= EXCEEDED_KEPT) exceeded.clear();
            exceeded.set(counted, { resetsAt: resetsAt.getTime(), max });
          }
          callback(null, { current: hits, ttl: resetsAt.getTime() - now });
        },
        (error: Error) => {
          logger.warn({ err: error }, 'rate limit: not counted');
          callback(error);
        },
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = options as unknown as { routeInfo: { method?: string | string[]; url?: string } };
      const store = new RouteStore();
      // Every limit here is a route's (config.rateLimit); a limiter made in code has no route
      // and would share its counts with every other one: name it, should one ever be made.
      if (!routeInfo.url) throw new Error('rate limit: only a route may carry a limit here');
      const methods = [routeInfo.method ?? 'GET']
        .flat()
        .map((method) => (method === 'HEAD' ? 'GET' : method));
      store.route = `${[...new Set(methods)].join(',')} ${routeInfo.url}`;
      return store;
    }
  }
  return RouteStore;
}

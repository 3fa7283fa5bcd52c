import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { countRateLimitHit } from '../db/rate-limit.queries';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store, counting in the database (ADR 0049) rather than in each
 * instance's memory, where N instances behind a load balancer let N times the sign-in attempts
 * through. A route's store (`child`) counts under the route's method and path; the app's clock
 * dates the windows, so a moved test clock ends them as real time would.
 */
export function databaseRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class RouteStore implements FastifyRateLimitStore {
    /** The route counted under: none for the plugin's own store, which is only a parent. */
    private route = '';

    incr(key: string, callback: Counted, timeWindow: number): void {
      const now = clock.now();
      countRateLimitHit(db, `${this.route} ${key}`, timeWindow, now).then(
        ({ hits, resetsAt }) => callback(null, { current: hits, ttl: resetsAt.getTime() - now.getTime() }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = options as unknown as { routeInfo: { method: string | string[]; url: string } };
      const store = new RouteStore();
      store.route = `${[routeInfo.method].flat().join(',')} ${routeInfo.url}`;
      return store;
    }
  }
  return RouteStore;
}

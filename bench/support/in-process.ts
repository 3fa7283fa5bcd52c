import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../packages/server/src/app';
import { OffsetClock } from '../../packages/server/src/clock';
import { compose } from '../../packages/server/src/compose';
import { type Config, loadConfig } from '../../packages/server/src/config/env';
import type { Database } from '../../packages/server/src/db/client';
import type { Deps } from '../../packages/server/src/deps';
import type { DeadlineWorker } from '../../packages/server/src/jobs/deadline-worker';
import type { OutboxWorker } from '../../packages/server/src/jobs/outbox-worker';
import { ephemeralVapidKeys } from '../../packages/server/src/push/vapid';
import { startRealtimeListener } from '../../packages/server/src/realtime/realtime-listener';

export const PUBLIC_URL = 'http://giro.bench';
export const SESSION_SECRET = 'bench-session-secret-of-at-least-32-characters';

export interface InProcess {
  app: FastifyInstance;
  deps: Deps;
  clock: OffsetClock;
  outbox: OutboxWorker;
  deadlines: DeadlineWorker;
  /** ws://127.0.0.1:port/ws once `listen` was asked. */
  wsUrl: string;
  close(): Promise<void>;
}

/**
 * The app as the server tests build it (compose + buildApp, the realtime listener), on the
 * given database; nothing faked but mail. Rate limits are raised: every bench client is 127.0.0.1.
 */
export async function startInProcess(
  database: Database,
  options: { listen?: boolean; workers?: boolean; config?: Partial<Config> } = {},
): Promise<InProcess> {
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL, TEST_CLOCK: '1', CAPTCHA_ATTEMPTS: '1000' }),
    rateLimitScale: 10_000,
    ...options.config,
  };
  const clock = new OffsetClock();
  const logger = pino({ level: process.env.BENCH_LOG ?? 'warn' });
  const mailer = { kind: 'smtp' as const, send: async () => {} };
  const { deps, outbox, deadlines } = compose({
    config,
    db: database.db,
    clock,
    logger,
    mailer,
    sessionSecret: SESSION_SECRET,
    vapid: ephemeralVapidKeys(),
  });
  const app = await buildApp({ deps, sessionSecret: SESSION_SECRET });
  await app.ready();
  const stopListening = await startRealtimeListener(database, deps.hub, logger);
  let wsUrl = '';
  if (options.listen) {
    wsUrl = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  }
  if (options.workers) outbox.start();
  return {
    app,
    deps,
    clock,
    outbox,
    deadlines,
    wsUrl,
    async close() {
      deps.hub.closeAll(1001, 'bench over');
      await app.close();
      await stopListening();
      await deadlines.stop();
      await outbox.stop();
    },
  };
}

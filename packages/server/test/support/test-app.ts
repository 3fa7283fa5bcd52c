import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { OffsetClock } from '../../src/clock';
import { compose } from '../../src/compose';
import { type Config, loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import { startReadCaches } from '../../src/db/read-caches';
import type { Deps } from '../../src/deps';
import type { DeadlineWorker } from '../../src/jobs/deadline-worker';
import type { OutboxWorker } from '../../src/jobs/outbox-worker';
import type { PaymentProvider } from '../../src/payments/payment-provider';
import { SandboxProvider } from '../../src/payments/sandbox.provider';
import { ephemeralVapidKeys } from '../../src/push/vapid';
import { startRealtimeListener } from '../../src/realtime/realtime-listener';
import { RecordingMailer } from './recording-mailer';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  clock: OffsetClock;
  mailer: RecordingMailer;
  outbox: OutboxWorker;
  deadlines: DeadlineWorker;
  /** The sandbox provider (unless another was given): records what we ask of it. */
  payments: SandboxProvider;
  /** Sends every queued outbox row now. */
  flushOutbox(): Promise<number>;
  /** Stops the app and its workers as a killed process would leave things; the database stays. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** One pair for the whole run: generating one is not what a test is about. */
const testVapid = ephemeralVapidKeys();

/** The real app on a fresh real database; only SMTP is faked. Rate limits are raised unless asked. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    database?: Database;
    provider?: PaymentProvider;
    logger?: pino.Logger;
    /** A clock over a frozen base, for a run that must replay to the millisecond. */
    clock?: OffsetClock;
    /** A built web app to serve, as server.ts serves packages/web/dist. */
    webRoot?: string;
  } = {},
): Promise<TestApp> {
  // A second instance on another's database shares it, and leaves closing it to its owner.
  const database = options.database ?? (await openTestDatabase());
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://giro.test', TEST_CLOCK: '1' }),
    captchaAttempts: 50,
    rateLimitScale: 100,
    // Looked into at the next flush, not at a random moment a test would have to wait for.
    passwordResetDelayMs: 0,
    ...overrides,
  };
  const clock = options.clock ?? new OffsetClock();
  const mailer = new RecordingMailer();
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG ?? 'silent' });
  const sessionSecret = 'test-session-secret-of-at-least-32-chars';
  const payments = new SandboxProvider(database.db, config.publicUrl, clock);
  const provider = options.provider ?? payments;
  const caches = await startReadCaches(database);
  const { deps, outbox, deadlines } = compose({
    config,
    db: database.db,
    clock,
    logger,
    mailer,
    sessionSecret,
    vapid: { ...testVapid, subject: config.push.subject },
    payments: provider,
    snapshots: caches.snapshots,
  });
  let stopped = false;
  const app = await buildApp({
    deps,
    sessionSecret,
    webRoot: options.webRoot,
    readiness: { workers: { outbox, deadlines }, stopping: () => stopped },
    sessionCache: caches.sessions,
  });
  await app.ready();
  const stopListening = await startRealtimeListener(database, deps.hub, logger);
  let closed = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    deps.hub.closeAll(1001, 'test over');
    await app.close();
    await stopListening();
    await caches.stop();
    await deadlines.stop();
    await outbox.stop();
  };
  return {
    app,
    deps,
    database,
    clock,
    mailer,
    outbox,
    deadlines,
    payments,
    flushOutbox: () => outbox.drain(),
    stop,
    async close() {
      await stop();
      if (!options.database && !closed) {
        closed = true;
        await database.close();
      }
    },
  };
}

export { solveCaptcha } from '../../src/demo/inject-client';

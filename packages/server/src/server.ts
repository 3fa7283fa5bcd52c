import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { OffsetClock, systemClock } from './clock';
import { compose } from './compose';
import { ConfigError, loadConfig } from './config/env';
import { loadSessionSecret } from './config/secrets';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { startReadCaches } from './db/read-caches';
import { createMailer } from './mail/mailer';
import { safeRequestSerializer } from './monitoring/request-id';
import { loadVapidKeys } from './push/vapid';
import { startRealtimeListener } from './realtime/realtime-listener';
import { promoteAdmins } from './use-cases/promote-admins';

/** The process entry: configuration, database, migrations, workers, and the listening app. */
async function main() {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]'],
    serializers: { req: safeRequestSerializer },
  });

  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    release = lockDataDir(config.dataDir);
    database = await openPglite({ dataDir: join(config.dataDir, 'pglite') });
  }
  await database.migrate();

  await promoteAdmins(database.db, config.adminEmails);

  const clock = config.testClock ? new OffsetClock() : systemClock;
  const sessionSecret = loadSessionSecret(config.dataDir, config.sessionSecret);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const caches = await startReadCaches(database);
  const { deps, outbox, deadlines } = compose({
    config,
    db: database.db,
    clock,
    logger,
    mailer,
    sessionSecret,
    vapid: loadVapidKeys(config.dataDir, config.push.vapidKeys, config.push.subject),
    snapshots: caches.snapshots,
  });
  const webRoot = config.webRoot ?? new URL('../../web/dist', import.meta.url).pathname;
  let stopping = false;
  const app = await buildApp({
    deps,
    sessionSecret,
    webRoot,
    readiness: { workers: { outbox, deadlines }, stopping: () => stopping },
    sessionCache: caches.sessions,
  });
  const stopListening = await startRealtimeListener(database, deps.hub, logger);

  const stop = async (signal: string) => {
    if (stopping) return;
    // Unready first (/readyz answers 503), so a balancer stops sending here; then the sockets are
    // told to reconnect at once (1012, Service Restart: elsewhere, not an error); then the server
    // stops accepting and finishes the requests in flight, and the workers finish their batch.
    // What they had claimed and not finished is claimed again by another instance.
    stopping = true;
    logger.info({ signal }, 'shutting down');
    if (config.shutdownDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    deps.hub.closeAll(1012, 'Server restarting');
    try {
      await app.close();
      await stopListening();
      await caches.stop();
      await deadlines.stop();
      await outbox.stop();
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown did not finish cleanly');
      release();
      process.exit(1);
    }
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  outbox.start();
  deadlines.start();
  logger.info(
    {
      url: config.publicUrl,
      database: database.kind,
      registration: config.registration,
      testClock: config.testClock,
    },
    `Giro is serving on http://${config.host}:${config.port}`,
  );
}

main().catch((error) => {
  if (error instanceof DataDirInUseError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { Config } from './config/env';
import { deriveSecret } from './config/secrets';
import type { Db } from './db/client';
import type { Deps } from './deps';
import { OutboxWorker } from './jobs/outbox-worker';
import type { Mailer } from './mail/mailer';
import { sendMailHandler } from './mail/send-mail.handler';
import { altchaCaptcha } from './security/captcha';

/** Wires the dependencies and the background workers; shared by server.ts and the tests. */
export function compose(options: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  sessionSecret: string;
}): { deps: Deps; outbox: OutboxWorker } {
  const { config, db, clock, logger, mailer, sessionSecret } = options;
  const outbox = new OutboxWorker(db, clock, { mail: sendMailHandler(db, mailer, clock) }, logger);
  const captcha = altchaCaptcha({
    secret: deriveSecret(sessionSecret, 'captcha'),
    attempts: config.captchaAttempts,
    db,
    clock,
  });
  const deps: Deps = { config, db, clock, logger, captcha, kickOutbox: () => outbox.kick() };
  return { deps, outbox };
}

import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { Config } from './config/env';
import type { Db } from './db/client';
import type { CaptchaVerifier } from './security/captcha';

/** What use cases need from the outside world; built once by server.ts, or by tests. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  captcha: CaptchaVerifier;
  /** Called after a transaction that wrote outbox rows has committed. */
  kickOutbox(): void;
}

import type { Logger } from 'pino';
import type { Clock, OffsetClock } from './clock';
import type { Config } from './config/env';
import type { Db } from './db/client';
import type { SnapshotReader } from './db/snapshot-cache';
import type { PaymentProvider } from './payments/payment-provider';
import type { VapidKeys } from './push/vapid';
import type { SocketHub } from './realtime/socket-hub';
import type { CaptchaVerifier } from './security/captcha';
import type { FundCommandBatches } from './use-cases/fund/fund-command-batches';

/** What use cases need from the outside world; built once by server.ts, or by tests. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  captcha: CaptchaVerifier;
  /** Called after a transaction that wrote outbox rows has committed. */
  kickOutbox(): void;
  /** Called after a fund changed or the clock jumped: its next deadline may be earlier now. */
  kickDeadlines(): void;
  /**
   * Called after members' fund commands committed, with the earliest moment they made due
   * (FundWriteBatch.dueAt): the deadline worker runs now only if it would wake later.
   */
  wakeDeadlinesBy(at: number): void;
  /** Processes every deadline due now, before answering (the test clock's jumps). */
  drainDeadlines(): Promise<number>;
  /** Sends every outbox row due now (the test clock's jumps: the card holds' timers on the way). */
  drainOutbox(): Promise<number>;
  /** The payment provider (PAYMENTS: the sandbox by default). */
  payments: PaymentProvider;
  /** Organization snapshots for the hot views (through memory where the caches run). */
  snapshots: SnapshotReader;
  /** Members' fund commands, committed together when they arrive together. */
  fundCommands: FundCommandBatches;
  /** This instance's open sockets. */
  hub: SocketHub;
  /** Web Push's application server keys (push/vapid). */
  vapid: VapidKeys;
  /** Signs the members' secret calendar addresses (calendar/feed-address). */
  calendarKey: string;
  /** The movable clock when TEST_CLOCK=1, else null. */
  testClock: OffsetClock | null;
}

import type { Logger } from 'pino';
import { type Clock, OffsetClock } from './clock';
import type { Config } from './config/env';
import { deriveSecret } from './config/secrets';
import type { Db } from './db/client';
import { type SnapshotReader, snapshotsFromDatabase } from './db/snapshot-cache';
import type { Deps } from './deps';
import { DeadlineWorker } from './jobs/deadline-worker';
import { type BatchOutboxHandler, type OutboxHandler, OutboxWorker } from './jobs/outbox-worker';
import type { Mailer } from './mail/mailer';
import { sendMailHandler } from './mail/send-mail.handler';
import { HOLD_CAPTURE_TOPIC, holdCaptureHandler } from './payments/hold-capture';
import { LiveProvider } from './payments/live.provider';
import { paymentHandler } from './payments/payment.handler';
import { CAPTURE_FIRST_TOPIC } from './payments/payment-operations';
import type { PaymentProvider } from './payments/payment-provider';
import { PayPalProvider } from './payments/paypal.provider';
import { SandboxProvider } from './payments/sandbox.provider';
import { StripeProvider } from './payments/stripe.provider';
import { PUSH_TOPIC } from './push/enqueue-push';
import { sendPushHandler } from './push/send-push.handler';
import type { VapidKeys } from './push/vapid';
import { REALTIME_TOPIC } from './realtime/enqueue-realtime';
import { notifyHandler } from './realtime/notify.handler';
import { SocketHub } from './realtime/socket-hub';
import { altchaCaptcha } from './security/captcha';
import { recordDebtPayment } from './use-cases/debts/record-debt-payment';
import { FundCommandBatches } from './use-cases/fund/fund-command-batches';
import { fundHoldStands, recordFundPayment } from './use-cases/fund/record-fund-payment';
import { PASSWORD_RESET_TOPIC, sendPasswordReset } from './use-cases/request-password-reset';
import { recordRequestPayment, requestHoldStands } from './use-cases/requests/record-request-payment';

/** The provider of PAYMENTS: the in-process sandbox, or the card provider's live API. */
function paymentProviderFor(config: Config, db: Db, clock: Clock): PaymentProvider {
  const { payments } = config;
  if (payments.mode === 'sandbox') return new SandboxProvider(db, config.publicUrl, clock);
  return new LiveProvider(
    new StripeProvider({
      secretKey: payments.stripe.secretKey,
      apiBase: payments.stripe.apiBase,
    }),
    payments.paypal && new PayPalProvider(payments.paypal),
  );
}

/** Wires the dependencies and the background workers; shared by server.ts and the tests. */
export function compose(options: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  sessionSecret: string;
  vapid: VapidKeys;
  payments?: PaymentProvider;
  /** Organization snapshots through memory (db/read-caches.ts); else read every time. */
  snapshots?: SnapshotReader;
}): { deps: Deps; outbox: OutboxWorker; deadlines: DeadlineWorker; payments: PaymentProvider } {
  const { config, db, clock, logger, mailer, sessionSecret, vapid } = options;
  const payments = options.payments ?? paymentProviderFor(config, db, clock);
  const handlers: Record<string, OutboxHandler | BatchOutboxHandler> = {
    mail: sendMailHandler(db, mailer, clock),
  };
  const outbox = new OutboxWorker(db, clock, handlers, logger);
  const captcha = altchaCaptcha({
    secret: deriveSecret(sessionSecret, 'captcha'),
    attempts: config.captchaAttempts,
    db,
  });
  const deps: Deps = {
    config,
    db,
    clock,
    logger,
    captcha,
    kickOutbox: () => outbox.kick(),
    kickDeadlines: () => deadlines.kick(),
    wakeDeadlinesBy: (at) => deadlines.wakeBy(at),
    drainDeadlines: () => deadlines.drain(),
    drainOutbox: () => outbox.drain(),
    fundCommands: new FundCommandBatches(() => deps),
    hub: new SocketHub(),
    payments,
    snapshots: options.snapshots ?? snapshotsFromDatabase(db),
    vapid,
    calendarKey: deriveSecret(sessionSecret, 'calendar'),
    testClock: config.testClock && clock instanceof OffsetClock ? clock : null,
  };
  const deadlines = new DeadlineWorker(db, deps, logger);
  const pay = paymentHandler(deps, payments, {
    fund: recordFundPayment(deps),
    request: recordRequestPayment(deps),
    debt: recordDebtPayment(deps),
  });
  handlers.payment = pay;
  handlers[CAPTURE_FIRST_TOPIC] = pay;
  handlers[HOLD_CAPTURE_TOPIC] = holdCaptureHandler(deps, pay, {
    fund: fundHoldStands,
    request: requestHoldStands,
    debt: async () => false, // captured by the payout that follows the charge at once
  });
  handlers[REALTIME_TOPIC] = notifyHandler(db);
  handlers[PUSH_TOPIC] = sendPushHandler(db, vapid, config.push.extraOrigins, logger);
  handlers[PASSWORD_RESET_TOPIC] = sendPasswordReset(deps);
  return { deps, outbox, deadlines, payments };
}

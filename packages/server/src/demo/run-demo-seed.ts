import pino from 'pino';
import { buildApp } from '../app';
import { OffsetClock, systemClock } from '../clock';
import { compose } from '../compose';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { storeTestClockOffset } from '../db/test-clock.repository';
import type { OutgoingMail } from '../mail/mailer';
import { ephemeralVapidKeys } from '../push/vapid';
import { DEMO_HEAD_START_MINUTES, type DemoMember, seedDemo } from './seed-demo';

/**
 * Seeds the demo into a migrated, empty database (`npm run demo`); a database that already has
 * users is left as it is. Mail is kept in memory: the seeder reads its own verification links.
 */
export async function runDemoSeed(database: Database, config: Config): Promise<DemoMember[] | null> {
  const [anyone] = await database.db.select({ id: users.id }).from(users).limit(1);
  if (anyone) return null;
  const clock = new OffsetClock();
  clock.fastForward(-DEMO_HEAD_START_MINUTES);
  const mailbox: OutgoingMail[] = [];
  const seeding: Config = { ...config, testClock: true, captchaAttempts: 100, rateLimitScale: 100 };
  const sessionSecret = 'demo-seeding-only-secret-0123456789abcdef';
  const { deps, outbox } = compose({
    config: seeding,
    db: database.db,
    clock,
    logger: pino({ level: 'warn' }),
    mailer: { kind: 'smtp', send: async (mail) => void mailbox.push(mail) },
    sessionSecret,
    vapid: ephemeralVapidKeys(),
  });
  const app = await buildApp({ deps, sessionSecret });
  outbox.start();
  try {
    const members = await seedDemo(app, mailbox);
    // The seeding's jump was stored as the test clock's offset, but it played in the past: the
    // demo is served at real time, and a restart must come back to it.
    await storeTestClockOffset(database.db, 0, systemClock.now());
    return members;
  } finally {
    await app.close();
    await outbox.stop();
    await outbox.drain();
  }
}

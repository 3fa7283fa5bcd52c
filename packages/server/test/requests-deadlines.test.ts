import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestEvents } from '../src/db/schema';
import { DeadlineWorker } from '../src/jobs/deadline-worker';
import { DAY, organizationOf } from './support/fund-members';
import { createRequest } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('request expiry by the deadline worker', () => {
  it('two workers racing over three organizations expire each active request once and activate the next', async () => {
    const organizations = [];
    for (let i = 0; i < 3; i++) {
      const [ann, bob] = await organizationOf(t, 2);
      const first = await createRequest(ann!, 'Roof', 5_000);
      const second = await createRequest(bob!, 'Books', 5_000);
      organizations.push({ first, second });
    }
    // The requests expire 30 days after activation: jump without processing, then race two workers.
    t.clock.fastForward(30 * DAY + 1);
    const other = new DeadlineWorker(t.database.db, t.deps, pino({ level: 'silent' }));
    const handled = await Promise.all([t.deadlines.drain(), other.drain()]);
    expect(handled[0] + handled[1]).toBe(3);
    for (const { first, second } of organizations) {
      const count = async (requestId: string, type: string) =>
        (
          await t.database.db
            .select()
            .from(requestEvents)
            .where(and(eq(requestEvents.requestId, requestId), eq(requestEvents.type, type)))
        ).length;
      expect(await count(first.id, 'RequestEnded')).toBe(1);
      expect(await count(second.id, 'RequestActivated')).toBe(1);
    }
    // Nothing more is due until the next request's own 30 days are over.
    expect(await t.deadlines.drain()).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * The deadline worker is woken by a fund command only when the command made something due
 * before the worker would wake by itself (issue 15): a member's payment keeps its round's
 * deadline and reminder moments, so at a busy hour payments no longer cost a run of the
 * worker's claims each. The worker runs for real here; its `drain` is only watched.
 */
describe('fund commands and the deadline worker', () => {
  it('payments that make nothing due sooner leave it asleep; something due now wakes it', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    t.deadlines.start();
    await vi.waitFor(() => expect(t.deadlines.asleepUntil).toBeDefined());
    const asleepUntil = t.deadlines.asleepUntil;
    const drain = vi.spyOn(t.deadlines, 'drain');

    for (const payer of payersOf(members, fund) as Member[])
      await act(payer, 'contributions', { method: 'manual' });
    const declared = await recipientOf(members, fund).client.get(
      `/api/rotating-fund/${fund.id}/monthly-contributions`,
    );
    expect(declared.json().contributions).toHaveLength(2);
    expect(drain).not.toHaveBeenCalled();
    expect(t.deadlines.asleepUntil).toBe(asleepUntil);

    // What a command makes due before the sleep ends (FundWriteBatch.dueAt) drains at once.
    t.deps.wakeDeadlinesBy(t.clock.now().getTime());
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(t.deadlines.asleepUntil).toBeDefined());
  });
});

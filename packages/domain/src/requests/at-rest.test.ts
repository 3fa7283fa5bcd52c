import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityMoments, isAtRest, RECENT_ACTIVITY, splitResting, withRequest } from './at-rest';
import { create, give, given } from './request-harness.test-support';
import { lifeArb, playLife } from './request-lives.test-support';
import type { FundingRequest, RequestCommand, RequestsState } from './request-types';

/** Requests r0…r{n-1} by ann, each ended as `end` says; each command a minute after the one before. */
function ended(n: number, end: (id: string) => RequestCommand[]) {
  return given(Array.from({ length: n }, (_, i) => [create(`r${i}`, 'ann'), ...end(`r${i}`)]).flat());
}
const cancelled = (id: string): RequestCommand[] => [{ type: 'CancelRequest', requestId: id, userId: 'ann' }];
const ids = (requests: readonly FundingRequest[]) => requests.map((r) => r.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `r${from + i}`);

describe('requests at rest leave the state (ADR 0042)', () => {
  it('an ended request is at rest once its payout is paid, or when it had none', () => {
    const org = given([create('r1', 'ann'), give('r1', 'bob', 10_000), create('r2', 'cat')]);
    expect(isAtRest(org.get('r1'))).toBe(false); // payout asked for
    expect(isAtRest(org.get('r2'))).toBe(false); // active
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: false });
    expect(isAtRest(org.get('r1'))).toBe(false); // failed: the owner may retry
    org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' });
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 2, ok: true });
    expect(isAtRest(org.get('r1'))).toBe(true);
    org.when({ type: 'CancelRequest', requestId: 'r2', userId: 'cat' });
    expect(isAtRest(org.get('r2'))).toBe(true);
  });

  it('a request shows its creation, activation, the contributions that counted and its end', () => {
    const org = given([create('r1', 'ann'), give('r1', 'bob', 1_000), give('r1', 'cat', 2_000)]);
    const [, second] = org.get('r1').contributions;
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId: second!.id });
    org.when({ type: 'CancelRequest', requestId: 'r1', userId: 'ann' });
    const r = org.get('r1');
    expect(activityMoments(r)).toEqual([r.createdAt, r.activatedAt, r.contributions[0]!.at, r.endedAt]);
  });

  it('keeps what is in play and the requests at rest down to the tenth newest moment among them', () => {
    // Each request: created and activated at one minute, cancelled the next (three moments).
    const org = ended(12, cancelled);
    org.when(create('open', 'ann'));
    org.when(create('queued', 'bob'));
    // The ten newest at rest: r11's three, r10's, r9's and r8's end. In play counts for nothing.
    const { kept, archived } = splitResting(org.state);
    expect(ids(archived)).toEqual(range(0, 7));
    expect(ids(kept.requests)).toEqual([...range(8, 11), 'open', 'queued']);
  });

  it('a state with nothing to let go is returned as it is', () => {
    const few = ended(3, cancelled); // nine moments
    expect(splitResting(few.state).kept).toBe(few.state);
    // Payouts asked for and never answered are in play, however old.
    const unpaid = ended(RECENT_ACTIVITY + 3, (id) => [give(id, 'bob', 10_000)]);
    expect(splitResting(unpaid.state)).toEqual({ kept: unpaid.state, archived: [] });
  });

  it('a request that ended at the tenth newest moment stays', () => {
    const org = ended(12, cancelled);
    expect(ids(splitResting(org.state).archived)).toEqual(range(0, 7));
    // r7 ended when r8 did, the tenth newest moment: it stays with r8.
    const at = org.get('r8').endedAt!;
    const state: RequestsState = {
      requests: org.state.requests.map((r) => (r.id === 'r7' ? { ...r, endedAt: at } : r)),
    };
    expect(ids(splitResting(state).archived)).toEqual(range(0, 6));
  });

  it('a request put back for a command goes back in its place by creation', () => {
    const org = ended(12, cancelled);
    const { kept, archived } = splitResting(org.state);
    expect(withRequest(kept, archived[3]).requests).toEqual([archived[3], ...kept.requests]);
    expect(withRequest(kept, undefined)).toBe(kept);
    expect(withRequest(org.state, org.get('r3'))).toBe(org.state);
  });
});

describe('a state that lets requests at rest go decides as the whole state would', () => {
  it('every command answers the same, given back the archived request it names', () => {
    let mostArchived = 0;
    fc.assert(
      fc.property(lifeArb, (steps) => {
        const { archived } = playLife(steps, ({ fromWhole, fromKept, whole, kept, archive }) => {
          expect(fromKept).toEqual(fromWhole);
          // Nothing lost, nothing in play let go, nothing kept that should have gone.
          const byId = (list: FundingRequest[]) => [...list].sort((x, y) => x.id.localeCompare(y.id));
          expect(byId([...kept.requests, ...archive.values()])).toEqual(byId(whole.requests));
          expect(splitResting(kept).archived).toEqual([]);
          const shown = kept.requests
            .filter(isAtRest)
            .flatMap(activityMoments)
            .sort((a, b) => b - a)[RECENT_ACTIVITY - 1];
          for (const r of archive.values()) {
            expect(isAtRest(r)).toBe(true);
            expect(r.endedAt!).toBeLessThan(shown!);
          }
        });
        mostArchived = Math.max(mostArchived, archived);
      }),
      { numRuns: 300 },
    );
    // The lives generated reach past what the overview shows (else the property proves nothing).
    expect(mostArchived).toBeGreaterThan(5);
    // Hundreds of lives of up to 250 steps: seconds alone, more on a machine that is busy.
  }, 60_000);
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyDraw } from '../draw';
import { DomainError } from '../errors';
import { drawProofOf } from './draw-proof';
import { FundHarness } from './fund-harness.test-support';
import type { EmergencyChoice, FundCommand } from './fund-types';
import { turnCanMove } from './swaps';

/** Issue 16 asks for 10,000; `npm run test:deep` runs 100,000. */
const RUNS = Number(process.env.SWAP_RUNS ?? 10_000);

type Step =
  | { kind: 'ask'; from: number; to: number }
  | { kind: 'answer'; pick: number; how: 'AcceptSwap' | 'DeclineSwap' | 'WithdrawSwap'; byOther: boolean }
  | { kind: 'round'; missing: number; choice: EmergencyChoice; timeout: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('ask' as const), from: fc.nat(7), to: fc.nat(7) }),
  fc.record({
    kind: fc.constant('answer' as const),
    pick: fc.nat(7),
    how: fc.constantFrom('AcceptSwap' as const, 'DeclineSwap' as const, 'WithdrawSwap' as const),
    byOther: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('round' as const),
    missing: fc.nat(63),
    choice: fc.constantFrom<EmergencyChoice>('wait', 'skip', 'expel'),
    timeout: fc.boolean(),
  }),
);

/** Runs a command the way a member would try it: a refusal changes nothing and is fine. */
function attempt(h: FundHarness, command: FundCommand): void {
  try {
    h.run(command);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

/** One round: some members miss and the others vote on them, then the recipient withdraws or times out. */
function playRound(h: FundHarness, s: Extract<Step, { kind: 'round' }>, timedOut: Set<string>): void {
  const round = h.state.round;
  if (!round) return;
  h.openWindow();
  h.state.participants.forEach((userId, i) => {
    if ((s.missing >> i) & 1) return;
    attempt(h, {
      type: 'Contribute',
      userId,
      contributionId: `c-${round.number}-${userId}-${h.now}`,
      method: 'card',
    });
  });
  for (let guard = 0; h.state.round?.state === 'collecting' && guard < 20; guard++) {
    const open = h.state.round.emergencies;
    if (open.length === 0) {
      const extensions = Object.values(h.state.round.extensions);
      const next = Math.max(h.state.round.withdrawalAt, ...extensions);
      h.advance(Math.max(1, next - h.now));
      continue;
    }
    for (const vote of open)
      for (const userId of vote.voters) {
        const choice = s.choice === 'wait' && !vote.allowWait ? 'skip' : s.choice;
        attempt(h, { type: 'VoteEmergency', userId, voteId: vote.id, choice });
      }
  }
  const recipient = h.state.round?.recipientId;
  if (!recipient || h.state.round?.state !== 'awaiting_withdrawal') return;
  if (s.timeout && !timedOut.has(recipient)) {
    timedOut.add(recipient);
    h.advance(h.state.round.recipientTimeoutAt ? h.state.round.recipientTimeoutAt - h.now : 1);
  } else h.distribute();
}

describe('swapping turns, property', () => {
  it(
    'property: whatever sequence of swaps, expulsions, skips and timeouts, the order stays a permutation of the draw, paid turns never move, each participant receives once',
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 6 }), fc.array(step, { maxLength: 24 }), (n, steps) => {
          const members = Array.from({ length: n }, (_, i) => `m${i}`);
          const h = new FundHarness();
          h.activeWith(members, 5000, '14d');
          const drawn = [...h.state.drawnOrder];
          const timedOut = new Set<string>();
          let swapNo = 0;
          for (const s of steps) {
            if (h.state.phase === 'completed' || h.state.phase === 'cancelled') break;
            const settled = h.state.received.map((r) => r.recipientId);
            const positions = settled.map((id) => h.state.order.indexOf(id));
            const before = h.events.length;
            if (s.kind === 'ask') {
              attempt(h, {
                type: 'RequestSwap',
                userId: members[s.from % n]!,
                withMemberId: members[s.to % n]!,
                swapId: `s${++swapNo}`,
              });
            } else if (s.kind === 'answer') {
              const swap = h.state.swaps[s.pick % Math.max(1, h.state.swaps.length)];
              if (swap) {
                const party = s.how === 'WithdrawSwap' ? swap.fromId : swap.toId;
                const userId = s.byOther ? (party === swap.fromId ? swap.toId : swap.fromId) : party;
                attempt(h, { type: s.how, userId, swapId: swap.id });
              }
            } else playRound(h, s, timedOut);
            const events = h.events.slice(before);
            // The order in force is always a permutation of the drawn one, which never changes.
            expect([...h.state.order].sort()).toEqual([...members].sort());
            expect(h.state.drawnOrder).toEqual(drawn);
            // Swaps never move a turn already paid out (a timeout moves only its own recipient).
            if (!events.some((e) => e.type === 'RecipientTimedOut'))
              expect(settled.map((id) => h.state.order.indexOf(id))).toEqual(positions);
            // An accepted swap never involved the recipient of the round it was accepted in.
            for (const e of events)
              if (e.type === 'SwapAccepted')
                expect([e.fromId, e.toId]).not.toContain(h.state.round?.recipientId);
            // Every open request could still be carried out.
            for (const swap of h.state.swaps) {
              expect(turnCanMove(h.state, swap.fromId)).toBe(true);
              expect(turnCanMove(h.state, swap.toId)).toBe(true);
            }
            const received = h.state.received.map((r) => r.recipientId);
            expect(new Set(received).size).toBe(received.length);
          }
          // Finish the cycle with everyone paying: each remaining participant receives exactly once.
          for (
            let guard = 0;
            guard < 3 * n && h.state.phase !== 'completed' && h.state.phase !== 'cancelled';
            guard++
          )
            playRound(h, { kind: 'round', missing: 0, choice: 'skip', timeout: false }, timedOut);
          if (h.state.phase === 'completed') {
            const cycle = h.history[0]!;
            const recipients = cycle.recipients.map((r) => r.recipientId);
            expect(new Set(recipients).size).toBe(recipients.length);
            for (const id of members.filter((m) => !h.state.expelled.includes(m)))
              expect(recipients).toContain(id);
            expect(cycle.order).toEqual(drawn);
            expect(h.state.swaps).toEqual([]);
          }
          expect(verifyDraw(drawProofOf(h.state)!).orderMatches).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    300_000 + RUNS * 10,
  );
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJournal } from '../ledger';
import { simulateOrganization } from '../simulation/simulate';
import { FundHarness, journalOf } from './fund-harness.test-support';
import type { PaymentMethod } from './fund-types';
import { counts } from './rules';

const memberLists = fc.integer({ min: 2, max: 8 }).map((n) => Array.from({ length: n }, (_, i) => `m${i}`));
const method = fc.constantFrom<PaymentMethod>('card', 'paypal', 'manual');

describe('fund properties', () => {
  it('property: in a completed cycle every remaining participant received exactly once, and every posting balanced', () => {
    fc.assert(
      fc.property(
        memberLists,
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(method, { minLength: 8, maxLength: 8 }),
        (members, amountCents, methods) => {
          const h = new FundHarness();
          h.activeWith(members, amountCents, '7d1h');
          for (let round = 0; h.state.phase !== 'completed'; round++) {
            h.openWindow();
            h.contributeAll(methods[round % methods.length]!);
            for (const c of h.state.contributions.filter((x) => x.status === 'declared'))
              h.run({ type: 'ConfirmReceipt', userId: h.state.round!.recipientId, contributionId: c.id });
            h.distribute();
          }
          const recipients = h.history[0]!.recipients.map((r) => r.recipientId);
          expect(recipients.sort()).toEqual([...members].sort());
          const journal = journalOf(h.events);
          expect(journal.every((t) => t.entries.reduce((sum, e) => sum + e.amountCents, 0) === 0)).toBe(true);
          const escrows = recipients.map((_, i) => `round-escrow:fund-1:1:${i + 1}`);
          expect(checkJournal(journal, escrows)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('property: no member contributes twice in a round, whatever they try and whoever pays', () => {
    fc.assert(
      fc.property(
        memberLists,
        fc.array(fc.tuple(fc.nat(), method, fc.boolean(), fc.option(fc.nat())), { maxLength: 40 }),
        (members, tries) => {
          const h = new FundHarness();
          h.activeWith(members, 5000, '14d');
          h.openWindow();
          tries.forEach(([who, how, decline, forWhom], i) => {
            const userId = members[who % members.length]!;
            // Sometimes on behalf of another member (covering): still one per member and round.
            const onBehalfOf = forWhom === null ? undefined : members[forWhom % members.length]!;
            try {
              h.run({
                type: 'Contribute',
                userId,
                contributionId: `c${i}`,
                method: how,
                ...(onBehalfOf ? { onBehalfOf } : {}),
              });
              if (decline && how === 'card')
                h.run({ type: 'ContributionPaymentFailed', contributionId: `c${i}` });
            } catch {
              // refused: nothing changed
            }
          });
          const payers = h.state.contributions
            .filter((c) => counts(c) || c.status === 'declared')
            .map((c) => c.contributorId);
          expect(new Set(payers).size).toBe(payers.length);
          expect(payers).not.toContain(h.state.round?.recipientId);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('property: random organizations (seeds drawn by fast-check) keep every simulation invariant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        expect(simulateOrganization(seed, 300).failure).toBeNull();
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

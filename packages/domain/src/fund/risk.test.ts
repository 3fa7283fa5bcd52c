import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FundHarness } from './fund-harness.test-support';
import { analyseRisk, type RiskContext } from './risk';

const members = ['ann', 'bob', 'cat', 'dan'];

function context(h: FundHarness, overrides: Partial<RiskContext> = {}): RiskContext {
  return {
    now: h.now,
    hasPayoutAccount: (id) => h.payoutAccounts.has(id),
    hasPaymentMethod: () => true,
    pastLateCount: () => 0,
    unpaidDebtCents: () => 0,
    ...overrides,
  };
}

describe('failure-risk analysis', () => {
  it('is zero with no round, and explains every point of the score', () => {
    const h = new FundHarness();
    expect(analyseRisk(h.state, context(h))).toEqual({ score: 0, reasons: [] });
    h.activeWith(members);
    const risk = analyseRisk(h.state, context(h));
    expect(risk.score).toBe(risk.reasons.reduce((sum, r) => sum + r.weight, 0));
    expect(risk.reasons.map((r) => r.code)).toEqual([
      'recipient_without_payout_account',
      'missing_contributions',
    ]);
  });

  it('grows as the window runs out with payments missing', () => {
    const h = new FundHarness();
    h.activeWith(members);
    h.payoutAccounts.add(h.state.round!.recipientId);
    const early = analyseRisk(h.state, context(h)).score;
    h.now = h.state.round!.withdrawalAt - 3_600_000;
    const late = analyseRisk(h.state, context(h)).score;
    expect(late).toBeGreaterThan(early);
    expect(late).toBe(40);
  });

  it('names members with strikes, lateness, no payment method and unpaid debts; three strikes is at risk', () => {
    const h = new FundHarness();
    h.activeWith(members);
    const missing = members.find((id) => id !== h.state.round!.recipientId)!;
    h.state = { ...h.state, strikes: { [missing]: 3 } };
    const risk = analyseRisk(
      h.state,
      context(h, {
        pastLateCount: (id) => (id === missing ? 2 : 0),
        hasPaymentMethod: (id) => id !== missing,
        unpaidDebtCents: (id) => (id === missing ? 5000 : 0),
      }),
    );
    expect(risk.reasons).toEqual(
      expect.arrayContaining([
        { code: 'member_strikes', weight: 25, memberId: missing, strikes: 3, atRisk: true },
        { code: 'member_lateness', weight: 6, memberId: missing, lateCount: 2 },
        { code: 'no_payment_method', weight: 5, memberId: missing },
        { code: 'unpaid_debt', weight: 8, memberId: missing, amountCents: 5000 },
      ]),
    );
    // Only an unpaid share of this round makes a debt weigh: a paid-up debtor adds nothing.
    expect(risk.reasons.filter((r) => r.code === 'unpaid_debt')).toHaveLength(1);
  });

  it('a member with 3 strikes is shown at risk of expulsion even after paying, at no weight', () => {
    const h = new FundHarness();
    h.activeWith(members);
    h.openWindow();
    const payer = members.find((id) => id !== h.state.round!.recipientId)!;
    h.run({ type: 'Contribute', userId: payer, contributionId: 'c', method: 'paypal' });
    h.state = { ...h.state, strikes: { [payer]: 4 } };
    expect(analyseRisk(h.state, context(h)).reasons).toContainEqual({
      code: 'member_strikes',
      weight: 0,
      memberId: payer,
      strikes: 4,
      atRisk: true,
    });
  });

  it('property: the score stays within 0–100', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...members), fc.integer({ min: 0, max: 20 })),
        fc.integer({ min: 0, max: 40 }),
        (strikes, late) => {
          const h = new FundHarness();
          h.activeWith(members);
          h.state = { ...h.state, strikes };
          const { score } = analyseRisk(
            h.state,
            context(h, {
              pastLateCount: () => late,
              hasPaymentMethod: () => false,
              unpaidDebtCents: () => 100,
            }),
          );
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 50 },
    );
  });
});

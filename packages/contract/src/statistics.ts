import { z } from 'zod';

/**
 * A member's own statistics (SPEC §2, the statistics page), read from the ledger: the same
 * totals as the dashboard, to the cent. A positive amount reached the member, a negative one
 * left them; the balance is received − given.
 */
const cents = z.number().int();

export const statementLineSchema = z.object({
  at: z.string(),
  kind: z.string(),
  /**
   * Which of the member's accounts: given = −(funding + refunds), received = payout, except a
   * repayment between members paid to this member's payout, which counts as less given (ADR
   * 0058). A debt between members (issue 16) is a line of its own on member-payable (what I owe)
   * or member-receivable (what I am owed): it does not change the balance, its repayment does.
   */
  account: z.enum(['funding', 'refunds', 'payout', 'member-payable', 'member-receivable']),
  /** `fund` with its cycle and round, or `request` with its id. */
  source: z.enum(['fund', 'request']),
  cycleNumber: z.number().int().nullable(),
  roundNumber: z.number().int().nullable(),
  amountCents: cents,
  balanceCents: cents,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** GET /api/statistics/me */
export const memberStatisticsSchema = z.object({
  totals: z.object({ givenCents: cents, receivedCents: cents, balanceCents: cents }),
  /** One point per day with a movement. */
  timeline: z.array(
    z.object({ day: z.string(), givenCents: cents, receivedCents: cents, balanceCents: cents }),
  ),
  /** Per fund cycle, then the funding requests together. */
  cycles: z.array(
    z.object({
      source: z.enum(['fund', 'request']),
      cycleNumber: z.number().int().nullable(),
      givenCents: cents,
      receivedCents: cents,
    }),
  ),
  lineCount: z.number().int(),
});
export type MemberStatistics = z.infer<typeof memberStatisticsSchema>;

import type { MemberStatistics, StatementLine } from '@giro/contract/statistics';
import { REPAYMENT_KIND } from '@giro/domain/ledger';
import { readStatement } from '../../db/insights/statement.queries';
import type { Deps } from '../../deps';

/**
 * GET /api/statistics/me: the member's money over time and per fund cycle, all from their
 * statement (the ledger), so the totals are the dashboard's to the cent.
 */
export async function getMemberStatistics(deps: Deps, userId: string): Promise<MemberStatistics> {
  const lines = await readStatement(deps.db, userId);
  return {
    totals: totalsOf(lines),
    timeline: timelineOf(lines),
    cycles: cyclesOf(lines),
    lineCount: lines.length,
  };
}

/**
 * The dashboard's rule (domain.md, Money; ADR 0058): given is what left the funding source less
 * what came back as refunds or as a repayment of a cover; received is what reached the payout
 * account from a pool; the balance is their difference.
 */
// A line names its account by kind alone (`payout`): the domain's isRepaymentReceipt, on a line.
const repaymentReceipt = (line: StatementLine) => line.kind === REPAYMENT_KIND && line.account === 'payout';
const givenOf = (line: StatementLine) =>
  line.account === 'funding' || line.account === 'refunds' || repaymentReceipt(line) ? -line.amountCents : 0;
const receivedOf = (line: StatementLine) =>
  line.account === 'payout' && !repaymentReceipt(line) ? line.amountCents : 0;

function totalsOf(lines: StatementLine[]) {
  let givenCents = 0;
  let receivedCents = 0;
  for (const line of lines) {
    givenCents += givenOf(line);
    receivedCents += receivedOf(line);
  }
  return { givenCents, receivedCents, balanceCents: receivedCents - givenCents };
}

/** One point per day with a movement: that day's given and received, and the balance at its end. */
function timelineOf(lines: StatementLine[]): MemberStatistics['timeline'] {
  const days = new Map<string, MemberStatistics['timeline'][number]>();
  for (const line of lines) {
    const day = line.at.slice(0, 10);
    const point = days.get(day) ?? { day, givenCents: 0, receivedCents: 0, balanceCents: 0 };
    point.givenCents += givenOf(line);
    point.receivedCents += receivedOf(line);
    point.balanceCents = line.balanceCents;
    days.set(day, point);
  }
  return [...days.values()];
}

/** Per fund cycle in order, then the funding requests together. */
function cyclesOf(lines: StatementLine[]): MemberStatistics['cycles'] {
  const groups = new Map<string, MemberStatistics['cycles'][number]>();
  for (const line of lines) {
    const key = line.source === 'fund' ? `fund:${line.cycleNumber}` : 'request';
    const group = groups.get(key) ?? {
      source: line.source,
      cycleNumber: line.source === 'fund' ? line.cycleNumber : null,
      givenCents: 0,
      receivedCents: 0,
    };
    group.givenCents += givenOf(line);
    group.receivedCents += receivedOf(line);
    groups.set(key, group);
  }
  const rank = (c: MemberStatistics['cycles'][number]) =>
    c.source === 'request' ? Number.MAX_SAFE_INTEGER : (c.cycleNumber ?? 0);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}

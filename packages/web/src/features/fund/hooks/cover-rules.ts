import type { ContributionView, FundView } from '@giro/contract/fund';

/**
 * Whom this member may pay for now (domain.md, Covering a member), as the view shows it (the
 * server's decider has the last word): the round's unpaid participants whose window is open,
 * or about whom a vote is open; never as, or for, the recipient; never someone whose payment is
 * already in or declared.
 */
export function coverableMembers(
  fund: FundView,
  userId: string,
  nowMs: number,
  contributions: readonly ContributionView[] = [],
): string[] {
  const round = fund.round;
  if (round?.state !== 'collecting' || nowMs < Date.parse(round.windowOpensAt)) return [];
  const mayPay = fund.participants.includes(userId) && round.expectedContributors.includes(userId);
  if (!mayPay) return [];
  const paying = new Set([...round.contributedBy, ...contributions.map((c) => c.contributorId)]);
  const windowOpenFor = (id: string) =>
    nowMs < Date.parse(round.withdrawalAt) || nowMs < Date.parse(round.extensions[id] ?? '1970-01-01');
  return round.expectedContributors.filter(
    (id) =>
      id !== userId &&
      !paying.has(id) &&
      (windowOpenFor(id) || round.emergencies.some((vote) => vote.memberId === id)),
  );
}

/**
 * Whether the one who declared this payment by hand may cancel it now, as the server's decider
 * rules (ADR 0055): only while the same payment could be made again, that is in the member's
 * window or a wait a vote granted, and for a cover also while the vote about the member is open.
 */
export function mayCancelDeclaration(
  round: NonNullable<FundView['round']>,
  c: Pick<ContributionView, 'contributorId' | 'paidBy'>,
  nowMs: number,
): boolean {
  const voteOpen = round.emergencies.some((vote) => vote.memberId === c.contributorId);
  if (nowMs < Date.parse(round.withdrawalAt) && !voteOpen) return true;
  if (nowMs < Date.parse(round.extensions[c.contributorId] ?? '1970-01-01')) return true;
  return Boolean(c.paidBy) && voteOpen;
}

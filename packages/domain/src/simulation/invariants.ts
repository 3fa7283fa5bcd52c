import { cyclesCompleted } from '../fund/cycles';
import { nextDeadline } from '../fund/deadlines';
import type { CycleHistory, FundEvent, FundState } from '../fund/fund-types';
import { counts, expectedContributors, hasContributed, roundTotals } from '../fund/rules';
import {
  balances,
  checkJournal,
  ESCROW_PREFIXES,
  FUNDING_PREFIX,
  type LedgerTransaction,
  ledgerAccount,
  PAYOUT_PREFIX,
  PROVIDER_HELD_PREFIX,
  REFUNDS_PREFIX,
} from '../ledger';

/** What must hold after every step of every simulated organization; returns the broken rules. */
export function checkInvariants(
  state: FundState,
  history: readonly CycleHistory[],
  journal: readonly LedgerTransaction[],
  now: number,
  payout: (id: string) => boolean,
): string[] {
  const broken: string[] = [];
  for (const problem of checkJournal(journal)) broken.push(`ledger: ${problem.key} ${problem.problem}`);

  // Money in = money paid out + fees + refunds + money still in escrow (to the cent).
  const b = balances(journal);
  let moneyIn = 0;
  let out = 0;
  for (const [account, amount] of b) {
    if (account.startsWith(FUNDING_PREFIX)) moneyIn -= amount;
    else if (
      account.startsWith(PAYOUT_PREFIX) ||
      account.startsWith(REFUNDS_PREFIX) ||
      account === 'platform:fees'
    )
      out += amount;
    else if (ESCROW_PREFIXES.some((prefix) => account.startsWith(prefix))) out += amount;
    else if (account.startsWith(PROVIDER_HELD_PREFIX)) out += amount;
    else if (account.startsWith('debt')) continue;
  }
  if (moneyIn !== out) broken.push(`money in ${moneyIn} ≠ out + escrow + held ${out}`);
  for (const [account, amount] of b) {
    if (ESCROW_PREFIXES.some((prefix) => account.startsWith(prefix)) && amount < 0)
      broken.push(`negative escrow ${account}`);
  }

  // The ledger tells where the money is: what it books as held at each provider is exactly the
  // captured money the fund has neither paid out nor given back.
  for (const method of ['card', 'paypal'] as const) {
    const captured = state.contributions
      .filter((c) => c.method === method)
      .filter(
        (c) => c.status === 'captured' || (c.status === 'refund_due' && c.statusBeforeRefund === 'captured'),
      )
      .reduce((sum, c) => sum + c.amountCents, 0);
    const booked = b.get(ledgerAccount.providerHeld(method)) ?? 0;
    if (booked !== captured) broken.push(`held at ${method} provider ${booked} ≠ captured ${captured}`);
  }

  // No member contributes twice in a round; only participants, never the recipient.
  const seen = new Set<string>();
  for (const c of state.contributions) {
    if (c.status === 'refund_due' || c.status === 'refunded') continue;
    const key = `${c.cycleNumber}:${c.roundNumber}:${c.contributorId}`;
    if (seen.has(key)) broken.push(`two contributions ${key}`);
    seen.add(key);
    if (c.contributorId === c.recipientId) broken.push(`recipient contributed ${key}`);
    if (c.cycleNumber === state.cycleNumber && !state.participants.includes(c.contributorId))
      broken.push(`non-participant contributed ${key}`);
    if (
      counts(c) &&
      c.amountCents !== (c.cycleNumber === state.cycleNumber ? state.finalAmountCents : c.amountCents)
    ) {
      broken.push(`wrong amount ${key}`);
    }
  }

  // Expelled members never act again: never the recipient, never receive.
  for (const id of state.expelled) {
    if (state.round?.recipientId === id) broken.push(`expelled ${id} is the recipient`);
  }
  // Nobody outside the participants ever receives.
  for (const r of state.received) {
    if (!state.participants.includes(r.recipientId)) broken.push(`non-participant ${r.recipientId} received`);
  }

  // Escrow is exactly zero for every closed round (distributed, with nothing left due back).
  const closed = [
    ...history.flatMap((h) => h.recipients.map((r) => ({ cycle: h.cycleNumber, round: r.roundNumber }))),
    ...state.received.map((r) => ({ cycle: state.cycleNumber, round: r.roundNumber })),
  ];
  for (const { cycle, round } of closed) {
    const pending = state.contributions.some(
      (c) => c.cycleNumber === cycle && c.roundNumber === round && c.status === 'refund_due',
    );
    const account = ledgerAccount.roundEscrow(state.fundId, cycle, round);
    if (!pending && (b.get(account) ?? 0) !== 0)
      broken.push(`escrow left in closed round ${account}: ${b.get(account)}`);
  }

  // Every deadline in the past has been processed.
  const due = nextDeadline(state, { hasPayoutAccount: payout });
  if (due !== null && due <= now) broken.push(`deadline ${due} not processed at ${now}`);

  // Nothing is stuck: a collecting round with everything in and no open vote is ready.
  const round = state.round;
  // A ready round waits for its recipient's account only with a deadline, and never once they
  // have one (the state says so, not only the deadline computed from it).
  if (round?.state === 'awaiting_withdrawal' && !round.payoutFailed && roundTotals(state).platformCents > 0) {
    if (!payout(round.recipientId) && round.recipientTimeoutAt === null)
      broken.push(`round ${round.number} waits for an account with no deadline`);
    if (payout(round.recipientId) && round.recipientTimeoutAt !== null)
      broken.push(`round ${round.number} keeps a deadline for an account that is there`);
  }
  if (
    round?.state === 'collecting' &&
    round.emergencies.length === 0 &&
    expectedContributors(state).every((id) => hasContributed(state, id))
  )
    broken.push(`round ${round.number} has everything in but is not ready`);

  // Completed cycles: every remaining participant received exactly once.
  if (history.length !== cyclesCompleted(state))
    broken.push(`${history.length} cycles completed, the state counts ${cyclesCompleted(state)}`);
  if (state.history.length > 0) broken.push('a cycle written into the state, not counted');
  for (const cycle of history) {
    const recipients = cycle.recipients.map((r) => r.recipientId);
    if (new Set(recipients).size !== recipients.length)
      broken.push(`cycle ${cycle.cycleNumber}: someone received twice`);
    for (const id of cycle.participants ?? cycle.order) {
      const expelledEarly = state.expelled.includes(id) && !recipients.includes(id);
      if (!recipients.includes(id) && !expelledEarly)
        broken.push(`cycle ${cycle.cycleNumber}: ${id} never received`);
    }
    // What the cycle collected is what its rounds paid out, gross, to the cent.
    const gross = cycle.recipients.reduce((sum, r) => sum + r.grossCents, 0);
    if (cycle.totalContributionsCents !== gross)
      broken.push(
        `cycle ${cycle.cycleNumber}: collected ${cycle.totalContributionsCents} ≠ paid out ${gross}`,
      );
  }
  return broken;
}

/**
 * What one event may not do, given the state just before it: nobody outside the cycle's
 * participants contributes or receives, and an expelled member never acts or receives again.
 */
export function checkEvent(before: FundState, event: FundEvent): string[] {
  const outsider = (id: string) => !before.participants.includes(id);
  const expelled = (id: string) => before.expelled.includes(id);
  const actor =
    event.type === 'ContributionMade'
      ? event.contribution.contributorId
      : event.type === 'RoundDistributed'
        ? event.recipientId
        : event.type === 'EmergencyVoteCast' ||
            event.type === 'RestartVoted' ||
            event.type === 'WithdrawalDateVoted' ||
            event.type === 'ConfirmationVoted' ||
            event.type === 'DismissalAcknowledged'
          ? event.userId
          : null;
  if (actor === null) return [];
  const broken: string[] = [];
  if (expelled(actor)) broken.push(`expelled ${actor} acted: ${event.type}`);
  if ((event.type === 'ContributionMade' || event.type === 'RoundDistributed') && outsider(actor))
    broken.push(`non-participant ${actor}: ${event.type}`);
  return broken;
}

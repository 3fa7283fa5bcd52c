import type { EmergencyVote, FundState, PaymentMethod, Round } from '../fund/fund-types';
import { expectedContributors, hasContributed, roundContributions } from '../fund/rules';
import { type Action, randomAction } from './actions';
import { pick } from './random';

/** What a guided draw may look at: the fund, whom `who` indexes, the time, who can receive. */
export interface SimulationView {
  state: FundState;
  /** The returned action's `who` indexes this list (modulo its length), as in the simulation. */
  members: readonly string[];
  now: number;
  hasPayoutAccount(userId: string): boolean;
}

const methods: PaymentMethod[] = ['card', 'card', 'paypal', 'manual'];

/**
 * One action for this state: with probability `guidance` a move that takes the organization
 * forward (the vote still missing, the contribution still due, the jump to the window's
 * opening, the withdrawal), otherwise `randomAction`'s free mix. Unguided runs of a large
 * organization rarely get through voting, so a run that must reach rounds and payouts (the
 * server's fault-injection run) needs the push; the illegal and late moves stay common.
 */
export function guidedAction(random: () => number, view: SimulationView, guidance: number): Action {
  if (random() >= guidance) return randomAction(random);
  return progressAction(random, view) ?? randomAction(random);
}

/** The open emergency vote that `emergency` acts on: the one about the member first in `members`. */
export function firstEmergency(round: Round, members: readonly string[]): EmergencyVote | undefined {
  const place = (id: string) => (members.includes(id) ? members.indexOf(id) : members.length);
  return [...round.emergencies].sort((a, b) => place(a.memberId) - place(b.memberId))[0];
}

function progressAction(random: () => number, view: SimulationView): Action | null {
  const { state, members } = view;
  const who = (id: string) => members.indexOf(id);
  // Drawn in the order of `members`, never in that of the state's lists: the draw then depends
  // on the seed and on who is where, not on how a driver happens to order ids.
  const someone = (ids: readonly string[]) => {
    const known = members.filter((id) => ids.includes(id));
    return known.length > 0 ? who(pick(random, known)) : null;
  };
  const missing = (ids: readonly string[], done: (id: string) => boolean) => ids.filter((id) => !done(id));

  switch (state.phase) {
    case 'completed':
    case 'cancelled':
      return { kind: 'open' };
    case 'voting': {
      const voter = someone(missing(state.voters, (id) => id in state.votes));
      return voter === null
        ? null
        : { kind: 'voteAmount', who: voter, amountCents: pick(random, [2500, 5000]) };
    }
    case 'confirmation': {
      const voter = someone(missing(state.participants, (id) => id in state.confirmations));
      return voter === null ? null : { kind: 'confirm', who: voter, accept: true, reason: '' };
    }
    case 'dismissal_acknowledgment': {
      const voter = someone(missing(state.participants, (id) => state.acknowledged.includes(id)));
      return voter === null ? null : { kind: 'acknowledge', who: voter };
    }
    case 'date_voting': {
      const voter = someone(missing(state.participants, (id) => id in state.dateVotes));
      return voter === null ? null : { kind: 'dateVote', who: voter, option: pick(random, ['7d1h', '14d']) };
    }
    default:
      return roundAction(random, view, someone);
  }
}

/** In a round: vote on a missed contribution, wait for the window, pay, confirm, connect, withdraw. */
function roundAction(
  random: () => number,
  { state, members, now, hasPayoutAccount }: SimulationView,
  someone: (ids: readonly string[]) => number | null,
): Action | null {
  const round = state.round;
  if (!round) return null;
  const recipient = members.indexOf(round.recipientId);
  const vote = firstEmergency(round, members);
  if (vote) {
    const voter = someone(vote.voters.filter((id) => !(id in vote.votes)));
    if (voter !== null)
      return { kind: 'emergency', who: voter, choice: pick(random, ['skip', 'skip', 'wait']) };
  }
  if (!hasPayoutAccount(round.recipientId) && recipient >= 0 && random() < 0.5)
    return { kind: 'connectPayout', who: recipient };
  if (round.state === 'distributing') return { kind: 'payoutResult', ok: true, captured: 0 };
  if (round.state === 'awaiting_withdrawal') {
    if (!hasPayoutAccount(round.recipientId) && recipient >= 0)
      return { kind: 'connectPayout', who: recipient };
    return { kind: 'withdraw', who: 0 }; // an even `who` is the recipient
  }
  if (now < round.windowOpensAt)
    return { kind: 'wait', minutes: Math.ceil((round.windowOpensAt - now) / 60_000) };
  const declared = roundContributions(state).filter((c) => c.status === 'declared');
  if (declared.length > 0 && random() < 0.5) {
    const who = Math.floor(random() * declared.length);
    const roll = random();
    if (roll < 0.85) return { kind: 'confirmReceipt', who };
    return roll < 0.93 ? { kind: 'refuseReceipt', who } : { kind: 'cancelDeclaration', who };
  }
  const paying = new Set(roundContributions(state).map((c) => c.contributorId));
  const payer = someone(
    expectedContributors(state).filter((id) => !hasContributed(state, id) && !paying.has(id)),
  );
  if (payer === null) return null;
  return { kind: 'contribute', who: payer, method: pick(random, methods) };
}

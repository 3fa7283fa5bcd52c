import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { DomainError } from '../errors';
import { cyclesCompleted } from '../fund/cycles';
import { decide } from '../fund/decide';
import { emptyFund, evolve } from '../fund/evolve';
import type { CycleHistory, FundCommand, FundContext, FundState } from '../fund/fund-types';
import { fundPostings } from '../fund/postings';
import { inEscrow, isCardHold, roundContributions } from '../fund/rules';
import type { LedgerTransaction } from '../ledger';
import { type Action, randomAction } from './actions';
import { guidedAction } from './guided';
import { checkEvent, checkInvariants } from './invariants';
import { int, seededRandom } from './random';

export interface OrganizationRun {
  seed: number;
  steps: number;
  failure: { step: number; action: Action; broken: string[] } | null;
  cyclesCompleted: number;
  /** SHA-256 of the whole journal (keys, kinds, entries in order): the same seed gives the same hash. */
  ledgerHash: string;
}

const T0 = Date.UTC(2026, 0, 1);

/**
 * Plays one organization of 2–12 members through random legal and illegal actions, checking
 * the invariants after every step. Everything derives from the seed (members, actions, nonces),
 * so a failure replays exactly.
 */
export interface SimulationOptions {
  /** An extra rule checked after every step (tests use one to prove that shrinking works). */
  extraInvariant?: (state: FundState, journal: readonly LedgerTransaction[]) => string[];
  /**
   * The share of steps drawn by `guidedAction` from the state (moves that make progress) instead
   * of `randomAction`; 0 (the default) draws the action list up front, as `actionsOf` does.
   */
  guidance?: number;
}

export function simulateOrganization(
  seed: number,
  steps: number,
  given?: Action[],
  options: SimulationOptions = {},
): OrganizationRun {
  const { size, random } = seededOrganization(seed);
  const members = Array.from({ length: size }, (_, i) => `m${i}`);
  const guidance = options.guidance ?? 0;
  // Drawn up front unless guided: a guided draw looks at the state the previous step left.
  const drawn = given ?? (guidance > 0 ? null : Array.from({ length: steps }, () => randomAction(random)));
  let state: FundState = emptyFund(`fund-${seed}`);
  const journal: LedgerTransaction[] = [];
  const payoutAccounts = new Set<string>();
  let now = T0;
  /** In which cycle each member was expelled: they must not act again in it. */
  const cycleOf = new Map<string, number>();
  let ids = 0;
  const nonce = () => (ids++).toString(16).padStart(64, '0');
  const ctx = (): FundContext => ({
    now,
    testClock: true,
    hasPayoutAccount: (id) => payoutAccounts.has(id),
    newId: () => `v${ids++}`,
  });

  /** Rules an event broke (checked as it happens, since later state forgets who acted). */
  const eventProblems: string[] = [];
  /** The completed cycles' histories, as their events tell them (the state only counts them). */
  const history: CycleHistory[] = [];
  const apply = (command: FundCommand): boolean => {
    const result = decide(state, command, ctx());
    if (result instanceof DomainError) return false;
    for (const event of result) {
      eventProblems.push(...checkEvent(state, event));
      journal.push(...fundPostings(state, event));
      state = evolve(state, event);
      if (event.type === 'MemberExpelled') cycleOf.set(event.memberId, state.cycleNumber);
      if (event.type === 'CycleCompleted') history.push(event.history);
    }
    return true;
  };

  const count = drawn?.length ?? steps;
  for (let step = 0; step < count; step++) {
    const action = drawn
      ? drawn[step]!
      : guidedAction(
          random,
          { state, members, now, hasPayoutAccount: (id) => payoutAccounts.has(id) },
          guidance,
        );
    const member = (who: number) => members[who % members.length]!;
    switch (action.kind) {
      case 'open':
        apply({ type: 'OpenVoting', members, nonce: nonce() });
        break;
      case 'voteAmount':
        apply({ type: 'VoteAmount', userId: member(action.who), amountCents: action.amountCents });
        break;
      case 'confirm':
        apply(
          action.accept
            ? { type: 'VoteConfirmation', userId: member(action.who), accept: true }
            : { type: 'VoteConfirmation', userId: member(action.who), accept: false, reason: action.reason },
        );
        break;
      case 'acknowledge':
        apply({ type: 'AcknowledgeDismissal', userId: member(action.who) });
        break;
      case 'restart':
        apply({ type: 'VoteRestart', userId: member(action.who), nonce: nonce() });
        break;
      case 'dateVote':
        apply({ type: 'VoteWithdrawalDate', userId: member(action.who), option: action.option });
        break;
      case 'contribute':
        apply({
          type: 'Contribute',
          userId: member(action.who),
          contributionId: `c${ids++}`,
          method: action.method,
        });
        break;
      case 'decline': {
        const held = state.round ? roundContributions(state).filter(inEscrow) : [];
        const target = held[action.who % Math.max(1, held.length)];
        if (target) apply({ type: 'ContributionPaymentFailed', contributionId: target.id });
        break;
      }
      case 'captureHold': {
        const held = state.round ? roundContributions(state).filter(isCardHold) : [];
        const target = held[action.who % Math.max(1, held.length)];
        if (target) apply({ type: 'HoldCaptured', contributionId: target.id });
        break;
      }
      case 'confirmReceipt': {
        const declared = state.round ? roundContributions(state).filter((c) => c.status === 'declared') : [];
        const target = declared[action.who % Math.max(1, declared.length)];
        if (target)
          apply({ type: 'ConfirmReceipt', userId: state.round!.recipientId, contributionId: target.id });
        break;
      }
      case 'refuseReceipt': {
        const declared = state.round ? roundContributions(state).filter((c) => c.status === 'declared') : [];
        const target = declared[action.who % Math.max(1, declared.length)];
        if (target)
          apply({ type: 'RefuseReceipt', userId: state.round!.recipientId, contributionId: target.id });
        break;
      }
      case 'cancelDeclaration': {
        const declared = state.round ? roundContributions(state).filter((c) => c.status === 'declared') : [];
        const target = declared[action.who % Math.max(1, declared.length)];
        if (target)
          apply({
            type: 'CancelDeclaration',
            userId: target.paidBy ?? target.contributorId,
            contributionId: target.id,
          });
        break;
      }
      case 'connectPayout':
        if (action.lose) payoutAccounts.delete(member(action.who));
        else payoutAccounts.add(member(action.who));
        apply({ type: 'PayoutAccountChanged', userId: member(action.who) });
        break;
      case 'withdraw':
        apply({
          type: 'Withdraw',
          userId: action.who % 2 === 0 && state.round ? state.round.recipientId : member(action.who),
        });
        break;
      case 'payoutResult': {
        if (action.ok) {
          apply({ type: 'DistributionSucceeded' });
          break;
        }
        // The transfer failed after the provider captured some of the holds (maybe all, maybe none).
        const held = state.round
          ? roundContributions(state).filter((c) => c.method === 'card' && c.status === 'authorized')
          : [];
        apply({ type: 'DistributionFailed', captured: held.slice(0, action.captured).map((c) => c.id) });
        break;
      }
      case 'emergency': {
        const vote = state.round?.emergencies[0];
        if (vote)
          apply({
            type: 'VoteEmergency',
            userId: member(action.who),
            voteId: vote.id,
            choice: action.choice,
          });
        break;
      }
      case 'refund': {
        const due = state.contributions.filter((c) => c.status === 'refund_due');
        const target = due[action.who % Math.max(1, due.length)];
        if (target) {
          apply({ type: 'RequestRefund', userId: target.contributorId, contributionId: target.id });
          apply({ type: 'RefundCompleted', contributionId: target.id });
        }
        break;
      }
      case 'stranger':
        if (apply({ type: 'Contribute', userId: 'stranger', contributionId: `c${ids++}`, method: 'card' })) {
          return {
            seed,
            steps: step + 1,
            failure: { step, action, broken: ['a stranger contributed'] },
            cyclesCompleted: cyclesCompleted(state),
            ledgerHash: ledgerHash(journal),
          };
        }
        break;
      case 'expelledActs': {
        const expelled = state.expelled[action.who % Math.max(1, state.expelled.length)];
        if (!expelled) break;
        const vote = state.round?.emergencies[0];
        const attempts: FundCommand[] = [
          { type: 'Contribute', userId: expelled, contributionId: `c${ids++}`, method: 'paypal' },
          { type: 'VoteRestart', userId: expelled },
          { type: 'VoteWithdrawalDate', userId: expelled, option: '14d' },
          ...(vote
            ? [{ type: 'VoteEmergency' as const, userId: expelled, voteId: vote.id, choice: 'skip' as const }]
            : []),
        ];
        for (const attempt of attempts) {
          if (state.cycleNumber === cycleOf.get(expelled) && apply(attempt)) {
            return {
              seed,
              steps: step + 1,
              failure: { step, action, broken: [`expelled ${expelled} acted: ${attempt.type}`] },
              cyclesCompleted: cyclesCompleted(state),
              ledgerHash: ledgerHash(journal),
            };
          }
        }
        break;
      }
      case 'leave':
        // Refused during a round; otherwise they are out of this cycle (and rejoin for the next).
        apply({ type: 'MemberLeft', userId: member(action.who) });
        break;
      case 'wait':
        now += action.minutes * 60_000;
        apply({ type: 'DeadlinePassed' });
        break;
    }
    const broken = [
      ...eventProblems,
      ...checkInvariants(state, history, journal, now, (id) => payoutAccounts.has(id)),
      ...(options.extraInvariant?.(state, journal) ?? []),
    ];
    if (broken.length > 0)
      return {
        seed,
        steps: step + 1,
        failure: { step, action, broken },
        cyclesCompleted: cyclesCompleted(state),
        ledgerHash: ledgerHash(journal),
      };
  }
  return {
    seed,
    steps: count,
    failure: null,
    cyclesCompleted: cyclesCompleted(state),
    ledgerHash: ledgerHash(journal),
  };
}

/** The journal's fingerprint: its transactions serialised in booking order, hashed. */
export function ledgerHash(journal: readonly LedgerTransaction[]): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(journal))));
}

/** Greedy shrinking: drop actions while the run still fails, to print the shortest reproduction. */
export function shrink(seed: number, failing: Action[], options: SimulationOptions = {}): Action[] {
  let actions = failing;
  for (let chunk = Math.ceil(actions.length / 2); chunk >= 1; chunk = Math.floor(chunk / 2)) {
    for (let start = 0; start < actions.length; ) {
      const candidate = [...actions.slice(0, start), ...actions.slice(start + chunk)];
      if (simulateOrganization(seed, 0, candidate, options).failure) actions = candidate;
      else start += chunk;
    }
  }
  return actions;
}

export function actionsOf(seed: number, steps: number): Action[] {
  const { random } = seededOrganization(seed);
  return Array.from({ length: steps }, () => randomAction(random));
}

/**
 * The organization a seed plays: its size (2–12 members), then the random stream its actions
 * are drawn from, exactly as `simulateOrganization` draws them. Another driver (the server's
 * fault-injection run, over HTTP) plays the same organization against the real code paths.
 */
export function seededOrganization(seed: number): { size: number; random: () => number } {
  const random = seededRandom(seed);
  return { size: int(random, 2, 12), random };
}

import { deepFreeze } from '../deep-freeze';
import { DomainError } from '../errors';
import type { LedgerTransaction } from '../ledger';
import { decide } from './decide';
import { emptyFund, evolve, evolveAll } from './evolve';
import type { CycleHistory, FundCommand, FundContext, FundEvent, FundState } from './fund-types';
import { fundPostings } from './postings';
import { DAY_MS } from './rules';

export const T0 = Date.UTC(2026, 0, 1);
export const NONCE = '5a'.repeat(32);

/**
 * Plays commands against the decider like the server does: state from events, one clock,
 * payout accounts and ids given. Used by the example tests and the simulation.
 */
export class FundHarness {
  state: FundState;
  events: FundEvent[] = [];
  now = T0;
  testClock = true;
  payoutAccounts = new Set<string>();
  private ids = 0;

  constructor(fundId = 'fund-1') {
    // Frozen: the decider and `evolve` must leave a state as it is (server/src/db/fund-state-patch.ts).
    this.state = deepFreeze(emptyFund(fundId));
  }

  get ctx(): FundContext {
    return {
      now: this.now,
      testClock: this.testClock,
      hasPayoutAccount: (id) => this.payoutAccounts.has(id),
      newId: () => `id-${++this.ids}`,
    };
  }

  /** The completed cycles' histories, from their events (the state only counts them). */
  get history(): CycleHistory[] {
    return this.events.flatMap((e) => (e.type === 'CycleCompleted' ? [e.history] : []));
  }

  /** Runs a command; returns its events, or throws the DomainError so tests can match its code. */
  run(command: FundCommand): FundEvent[] {
    const result = decide(this.state, command, this.ctx);
    if (result instanceof DomainError) throw result;
    this.state = deepFreeze(evolveAll(this.state, result));
    this.events.push(...result);
    return result;
  }

  /** The error code a command is refused with (and asserts nothing changed). */
  refusal(command: FundCommand): string {
    const before = this.state;
    const result = decide(this.state, command, this.ctx);
    if (!(result instanceof DomainError))
      throw new Error(`expected a refusal, got ${result.map((e) => e.type).join(', ')}`);
    if (this.state !== before) throw new Error('state changed on a refusal');
    return result.code;
  }

  advance(ms: number): FundEvent[] {
    this.now += ms;
    return this.run({ type: 'DeadlinePassed' });
  }

  /** Opens voting for these members and has them all vote these amounts (in cents). */
  voteAll(members: string[], amounts: number[]): void {
    this.run({ type: 'OpenVoting', members, nonce: NONCE });
    members.forEach((userId, i) => {
      if (amounts[i] !== undefined) this.run({ type: 'VoteAmount', userId, amountCents: amounts[i]! });
    });
  }

  /** Voting, confirmation by all, and a date vote for `option`: the first round is open. */
  activeWith(members: string[], amountCents = 5000, option: '7d1h' | '14d' | '21d' | '28d' = '14d'): void {
    this.voteAll(
      members,
      members.map(() => amountCents),
    );
    for (const userId of members) this.run({ type: 'VoteConfirmation', userId, accept: true });
    for (const userId of members) this.run({ type: 'VoteWithdrawalDate', userId, option });
  }

  /** Moves the clock into the current round's contribution window. */
  openWindow(): void {
    const round = this.state.round!;
    if (this.now < round.windowOpensAt) this.advance(round.windowOpensAt - this.now + 1);
  }

  contributeAll(method: 'card' | 'paypal' | 'manual' = 'card'): void {
    this.openWindow();
    const round = this.state.round!;
    for (const userId of this.state.participants) {
      if (
        userId === round.recipientId ||
        this.state.expelled.includes(userId) ||
        round.skipped.includes(userId)
      )
        continue;
      this.run({
        type: 'Contribute',
        userId,
        contributionId: `c-${this.state.cycleNumber}-${round.number}-${userId}-${this.now}`,
        method,
      });
    }
  }

  distribute(): void {
    const recipient = this.state.round!.recipientId;
    this.payoutAccounts.add(recipient);
    this.run({ type: 'Withdraw', userId: recipient });
    if (this.state.round?.state === 'distributing') this.run({ type: 'DistributionSucceeded' });
  }
}

export const days = (n: number) => n * DAY_MS;

/** The postings of a harness's events, replayed from the empty fund. */
export function journalOf(events: readonly FundEvent[], fundId = 'fund-1'): LedgerTransaction[] {
  let state = new FundHarness(fundId).state;
  const journal: LedgerTransaction[] = [];
  for (const event of events) {
    journal.push(...fundPostings(state, event));
    state = evolve(state, event);
  }
  return journal;
}

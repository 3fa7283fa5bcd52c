import type { EmergencyChoice, PaymentMethod, WithdrawalOption } from '../fund/fund-types';
import { int, pick } from './random';

/**
 * A simulated action, as data independent of the state it meets, so that any sub-list of a
 * failing run still replays (that is how a failure shrinks to its shortest form). `who` picks a
 * member by index, modulo the organization's size.
 */
export type Action =
  | { kind: 'open' }
  | { kind: 'voteAmount'; who: number; amountCents: number }
  | { kind: 'confirm'; who: number; accept: boolean; reason: string }
  | { kind: 'acknowledge'; who: number }
  | { kind: 'restart'; who: number }
  | { kind: 'dateVote'; who: number; option: WithdrawalOption }
  | { kind: 'contribute'; who: number; method: PaymentMethod }
  | { kind: 'decline'; who: number }
  /** The provider captures a card hold early, before it expires (ADR 0048). */
  | { kind: 'captureHold'; who: number }
  | { kind: 'confirmReceipt'; who: number }
  /** The recipient says a payment declared by hand never came. */
  | { kind: 'refuseReceipt'; who: number }
  /** The one who declared a payment by hand takes it back before the recipient answers. */
  | { kind: 'cancelDeclaration'; who: number }
  /** `lose`: the provider restricts the account (or its owner unlinks it) instead. */
  | { kind: 'connectPayout'; who: number; lose?: boolean }
  | { kind: 'withdraw'; who: number }
  /** `captured`: how many of the round's card holds the provider captured before a failure. */
  | { kind: 'payoutResult'; ok: boolean; captured: number }
  | { kind: 'emergency'; who: number; choice: EmergencyChoice }
  | { kind: 'refund'; who: number }
  | { kind: 'stranger' }
  | { kind: 'expelledActs'; who: number }
  | { kind: 'leave'; who: number }
  | { kind: 'wait'; minutes: number };

const options: WithdrawalOption[] = ['7d1h', '14d', '21d', '28d'];
const methods: PaymentMethod[] = ['card', 'card', 'paypal', 'manual'];
const choices: EmergencyChoice[] = ['wait', 'skip', 'expel'];

/** Draws one action; the mix favours progress but keeps illegal and late moves common. */
export function randomAction(random: () => number): Action {
  const who = int(random, 0, 11);
  const roll = random();
  if (roll < 0.03) return { kind: 'open' };
  if (roll < 0.14)
    return {
      kind: 'voteAmount',
      who,
      amountCents: pick(random, [50, 100, 2500, 5000, 5001, 12345, 1_000_000, 2_000_000]),
    };
  if (roll < 0.24)
    return {
      kind: 'confirm',
      who,
      accept: random() < 0.9,
      reason: pick(random, ['', 'too much', 'x'.repeat(500)]),
    };
  if (roll < 0.28) return { kind: 'acknowledge', who };
  if (roll < 0.3) return { kind: 'restart', who };
  if (roll < 0.38) return { kind: 'dateVote', who, option: pick(random, options) };
  if (roll < 0.58) return { kind: 'contribute', who, method: pick(random, methods) };
  if (roll < 0.6) return { kind: 'decline', who };
  if (roll < 0.625) return { kind: 'confirmReceipt', who };
  if (roll < 0.635) return { kind: 'refuseReceipt', who };
  if (roll < 0.64) return { kind: 'cancelDeclaration', who };
  // `lose` from the same roll: no draw of its own, so a seed's other actions stay as they were.
  if (roll < 0.68) return { kind: 'connectPayout', who, lose: roll < 0.645 };
  if (roll < 0.74) return { kind: 'withdraw', who };
  if (roll < 0.77) return { kind: 'payoutResult', ok: random() < 0.8, captured: who };
  if (roll < 0.83) return { kind: 'emergency', who, choice: pick(random, choices) };
  if (roll < 0.85) return { kind: 'refund', who };
  if (roll < 0.855) return { kind: 'stranger' };
  if (roll < 0.86) return { kind: 'expelledActs', who };
  if (roll < 0.865) return { kind: 'leave', who };
  if (roll < 0.875) return { kind: 'captureHold', who };
  // Time jumps: the lengths that straddle the rules' deadlines, and any length up to 10 days.
  if (random() < 0.5) return { kind: 'wait', minutes: int(random, 1, 10 * 24 * 60) };
  return { kind: 'wait', minutes: pick(random, [1, 30, 60, 6 * 60, 24 * 60, 3 * 24 * 60, 8 * 24 * 60]) };
}

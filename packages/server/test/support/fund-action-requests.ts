import type { FundCommand, FundState } from '@giro/domain/fund/fund-types';
import { roundContributions } from '@giro/domain/fund/rules';
import type { Action } from '@giro/domain/simulation/actions';
import { firstEmergency } from '@giro/domain/simulation/guided';
import type { Member } from './fund-members';

const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };
const visaCard = { method: 'card', paymentMethodId: 'pm_card_visa', billingAddress: address };
const declinedCard = { ...visaCard, paymentMethodId: 'pm_card_chargeDeclined' };
const ANY_NONCE = '0'.repeat(64);
/** A well-formed fund id that is nobody's: what a request names before the fund exists. */
const NO_FUND = '00000000-0000-4000-8000-000000000000';

/** One request a person sends, with the fund command the domain's decider is asked about. */
export interface FundRequest {
  actor: Member;
  path: string;
  body: unknown;
  /** Null when the decider has nothing to say (someone outside the organization). */
  command: FundCommand | null;
  /** It moves money: it carries an Idempotency-Key. */
  money?: boolean;
}

/** What an action becomes on the server: requests, or a step outside the fund's routes. */
export type Translation =
  | { kind: 'requests'; requests: FundRequest[] }
  | { kind: 'connect'; actor: Member }
  | { kind: 'provider'; ok: boolean }
  | { kind: 'leave'; actor: Member }
  | { kind: 'wait'; minutes: number }
  | { kind: 'skip' };

export interface TranslationContext {
  state: FundState | undefined;
  fundId: string | undefined;
  /** The organization's members as registered: `who` picks among them, as the simulation's m0, m1, … . */
  members: readonly Member[];
  /** Who is in the organization now. */
  memberIds: readonly string[];
  stranger: Member;
}

/** The simulation's way to pick a target: `who` modulo the candidates. */
const pickOf = <T>(list: readonly T[], who: number): T | undefined => list[who % Math.max(1, list.length)];

/**
 * A payment declared by hand this round, or with none declared any of the round's, in another
 * state, which the fund must refuse to answer or cancel.
 */
function declaredOrAny(state: FundState | undefined, who: number) {
  const round = state?.round ? roundContributions(state) : [];
  return (
    pickOf(
      round.filter((c) => c.status === 'declared'),
      who,
    ) ?? pickOf(round, who)
  );
}

/**
 * A simulation action (simulation/actions.ts) as what a person does on the server: the HTTP
 * route that carries the same command, or, where the simulation decides something that on the
 * server comes from outside (a declined card, a payout's outcome), the cause in the outside
 * world. An action with nothing to act on (no vote open, nobody expelled) is skipped, as the
 * simulation skips it.
 */
export function translate(action: Action, ctx: TranslationContext): Translation {
  const { state, members } = ctx;
  const member = (who: number) => members[who % members.length]!;
  const byId = (id: string) => [...members, ctx.stranger].find((m) => m.id === id)!;
  const path = (route: string) => `/api/rotating-fund/${ctx.fundId ?? NO_FUND}/${route}`;
  const vote =
    state?.round &&
    firstEmergency(
      state.round,
      members.map((m) => m.id),
    );
  const one = (
    actor: Member,
    route: string,
    body: unknown,
    command: FundCommand,
    money = false,
  ): Translation => ({
    kind: 'requests',
    requests: [{ actor, path: path(route), body, command, money }],
  });
  const by = (who: number, route: string, body: unknown, command: (userId: string) => FundCommand) =>
    one(member(who), route, body, command(member(who).id));

  switch (action.kind) {
    case 'open': {
      const actor = members.find((m) => ctx.memberIds.includes(m.id)) ?? member(0);
      const command: FundCommand = { type: 'OpenVoting', members: [...ctx.memberIds], nonce: ANY_NONCE };
      return { kind: 'requests', requests: [{ actor, path: '/api/rotating-fund', body: {}, command }] };
    }
    case 'voteAmount': {
      const { amountCents } = action;
      return by(action.who, 'votes/amount', { amountCents }, (userId) => ({
        type: 'VoteAmount',
        userId,
        amountCents,
      }));
    }
    case 'confirm': {
      const { accept, reason } = action;
      const confirmation = (userId: string): FundCommand =>
        accept
          ? { type: 'VoteConfirmation', userId, accept }
          : { type: 'VoteConfirmation', userId, accept, reason };
      return by(action.who, 'votes/confirmation', accept ? { accept } : { accept, reason }, confirmation);
    }
    case 'acknowledge':
      return by(action.who, 'dismissal/acknowledge', {}, (userId) => ({
        type: 'AcknowledgeDismissal',
        userId,
      }));
    case 'restart':
      return by(action.who, 'votes/restart', {}, (userId) => ({
        type: 'VoteRestart',
        userId,
        nonce: ANY_NONCE,
      }));
    case 'dateVote': {
      const { option } = action;
      return by(action.who, 'votes/withdrawal-date', { option }, (userId) => ({
        type: 'VoteWithdrawalDate',
        userId,
        option,
      }));
    }
    case 'contribute':
    case 'decline': {
      // A declined payment is a card the provider refuses: the hold fails in the outbox.
      const method = action.kind === 'decline' ? 'card' : action.method;
      const body = action.kind === 'decline' ? declinedCard : method === 'card' ? visaCard : { method };
      const actor = member(action.who);
      return one(
        actor,
        'contributions',
        body,
        { type: 'Contribute', userId: actor.id, contributionId: 'new', method },
        true,
      );
    }
    case 'captureHold':
      // The server captures a hold early on its own timer, when the clock passes four days (the
      // simulation's waits): nothing a person does.
      return { kind: 'skip' };
    case 'confirmReceipt':
    case 'refuseReceipt': {
      const target = declaredOrAny(state, action.who);
      if (!target || !state?.round) return { kind: 'skip' };
      const actor = byId(state.round.recipientId);
      const contributionId = target.id;
      return action.kind === 'confirmReceipt'
        ? one(
            actor,
            `contributions/${contributionId}/confirm-receipt`,
            {},
            { type: 'ConfirmReceipt', userId: actor.id, contributionId },
          )
        : one(
            actor,
            `contributions/${contributionId}/not-received`,
            {},
            { type: 'RefuseReceipt', userId: actor.id, contributionId },
          );
    }
    case 'cancelDeclaration': {
      const target = declaredOrAny(state, action.who);
      if (!target) return { kind: 'skip' };
      const actor = byId(target.paidBy ?? target.contributorId);
      const contributionId = target.id;
      return one(
        actor,
        `contributions/${contributionId}/cancel`,
        {},
        { type: 'CancelDeclaration', userId: actor.id, contributionId },
      );
    }
    case 'connectPayout':
      return { kind: 'connect', actor: member(action.who) };
    case 'withdraw': {
      // As in the simulation: an even `who` is the round's recipient.
      const actor = action.who % 2 === 0 && state?.round ? byId(state.round.recipientId) : member(action.who);
      return one(actor, 'withdraw', {}, { type: 'Withdraw', userId: actor.id }, true);
    }
    case 'payoutResult':
      return { kind: 'provider', ok: action.ok };
    case 'emergency': {
      if (!vote) return { kind: 'skip' };
      const { choice } = action;
      return by(action.who, `emergency-votes/${vote.id}`, { choice }, (userId) => ({
        type: 'VoteEmergency',
        userId,
        voteId: vote.id,
        choice,
      }));
    }
    case 'refund': {
      const all = state?.contributions ?? [];
      // Nothing due (the server refunds by itself): the payer asks for one that is not, to be refused.
      const due = all.filter((c) => c.status === 'refund_due');
      const target = pickOf(due, action.who) ?? pickOf(all, action.who);
      if (!target) return { kind: 'skip' };
      const actor = byId(target.contributorId);
      const command: FundCommand = { type: 'RequestRefund', userId: actor.id, contributionId: target.id };
      return one(actor, `contributions/${target.id}/refund`, {}, command, true);
    }
    case 'stranger': {
      const request = {
        actor: ctx.stranger,
        path: path('contributions'),
        body: visaCard,
        command: null,
        money: true,
      };
      return { kind: 'requests', requests: [request] };
    }
    case 'expelledActs': {
      const id = pickOf(state?.expelled ?? [], action.who);
      if (!id) return { kind: 'skip' };
      const actor = byId(id);
      const requests: FundRequest[] = [
        {
          actor,
          path: path('contributions'),
          body: { method: 'paypal' },
          command: { type: 'Contribute', userId: id, contributionId: 'new', method: 'paypal' },
          money: true,
        },
        {
          actor,
          path: path('votes/restart'),
          body: {},
          command: { type: 'VoteRestart', userId: id, nonce: ANY_NONCE },
        },
        {
          actor,
          path: path('votes/withdrawal-date'),
          body: { option: '14d' },
          command: { type: 'VoteWithdrawalDate', userId: id, option: '14d' },
        },
      ];
      if (vote)
        requests.push({
          actor,
          path: path(`emergency-votes/${vote.id}`),
          body: { choice: 'skip' },
          command: { type: 'VoteEmergency', userId: id, voteId: vote.id, choice: 'skip' },
        });
      return { kind: 'requests', requests };
    }
    case 'leave':
      return { kind: 'leave', actor: member(action.who) };
    case 'wait':
      return { kind: 'wait', minutes: action.minutes };
  }
}

import type { Contribution, FundEvent } from '@giro/domain/fund/fund-types';
import { activeParticipants, counts } from '@giro/domain/fund/rules';
import type { DbOrTx } from '../../db/client';
import { cancelPendingDebts, insertPendingDebt, openDebts } from '../../db/debt.repository';
import { closeCoverNews, type NewNotification } from '../../db/notification.repository';
import { displayNames } from '../../db/user.repository';
import type { EffectInput } from './fund-effects';

/**
 * What members do for each other in a fund (issue 16), outside the fund, in its transaction:
 * the notifications of swaps and covers, and the debt a cover makes. The debt is `pending`
 * while the cover counts (a hold or a capture, or a manual payment once confirmed), cancelled
 * if the cover is undone before the round pays out (a declined card, money due back), and
 * `open` once it is paid out. Returns the notifications to create.
 */
export async function applyMemberEffects(
  tx: DbOrTx,
  input: EffectInput,
  event: FundEvent,
): Promise<NewNotification[]> {
  const { organizationId, after, now, names } = input;
  const pendingDebt = (c: Contribution) =>
    insertPendingDebt(
      tx,
      {
        id: c.id,
        organizationId,
        debtorId: c.contributorId,
        creditorId: c.paidBy!,
        amountCents: c.amountCents,
      },
      now,
    );
  const coverNews = (c: Contribution): NewNotification[] => {
    const memberName = names.get(c.paidBy!);
    return [
      { userId: c.contributorId, type: 'contribution_covered', data: { memberName, debtId: c.id } },
      {
        userId: c.recipientId,
        type: 'cover_received',
        data: { memberName, coveredName: names.get(c.contributorId), debtId: c.id },
      },
    ];
  };
  // The covers among these contributions: only a cover made a debt, and its news.
  const coversAmong = (ids: readonly string[]) =>
    ids.filter((id) => input.before.contributions.some((c) => c.id === id && c.paidBy !== undefined));
  switch (event.type) {
    case 'SwapRequested':
      return [{ userId: event.toId, type: 'swap_requested', data: { memberName: names.get(event.fromId) } }];
    case 'SwapAccepted':
      return [
        { userId: event.fromId, type: 'swap_accepted', data: { memberName: names.get(event.toId) } },
        { userId: event.toId, type: 'swap_accepted', data: { memberName: names.get(event.fromId) } },
      ];
    case 'SwapDeclined':
      return [{ userId: event.fromId, type: 'swap_declined', data: { memberName: names.get(event.toId) } }];
    // Unanswered when a turn began, or a member left: both hear it ended (the one asked saw
    // their call to answer go). One who left or was expelled, whatever the lapse's reason (a
    // leave in the date vote may start the first turn or cancel the fund), hears no more of the
    // fund. The participants are emptied only when a new cycle's vote opens, with no swap open.
    case 'SwapLapsed': {
      const inRotation = activeParticipants(after);
      return [
        { userId: event.fromId, type: 'swap_lapsed' as const, data: { memberName: names.get(event.toId) } },
        {
          userId: event.toId,
          type: 'swap_lapsed_asked' as const,
          data: { memberName: names.get(event.fromId) },
        },
      ].filter((note) => inRotation.includes(note.userId));
    }
    case 'ContributionMade': {
      // A cover by hand counts, and is news, once the recipient confirms it (below); declared, it
      // may yet be refused or replaced, and the recipient is asked about it (receipt_to_confirm).
      const c = event.contribution;
      if (!c.paidBy || !counts(c)) return [];
      await pendingDebt(c);
      return coverNews(c);
    }
    case 'ContributionConfirmed': {
      const c = after.contributions.find((x) => x.id === event.contributionId);
      if (!c?.paidBy) return [];
      await pendingDebt(c);
      // The recipient has just confirmed it: only the member covered is told.
      return coverNews(c).filter((note) => note.userId !== c.recipientId);
    }
    // Paid out, a cover is a debt to repay now: the member covered was told it would be (above),
    // and is told it is, where they are (a push), with the one to repay named: by the users
    // table, as an expelled member's cover stays in the round, and `names` has members only.
    case 'RoundDistributed': {
      const opened = await openDebts(
        tx,
        input.before.contributions
          .filter((c) => c.roundNumber === event.roundNumber && c.cycleNumber === after.cycleNumber)
          .filter((c) => c.paidBy !== undefined)
          .map((c) => c.id),
      );
      const creditors = await displayNames(tx, [...new Set(opened.map((debt) => debt.creditorId))]);
      await closeCoverNews(
        tx,
        organizationId,
        opened.map((debt) => debt.id),
        { undone: false },
      );
      return opened.map(({ id, debtorId, creditorId, amountCents }) => ({
        userId: debtorId,
        type: 'debt_due' as const,
        data: { memberName: creditors.get(creditorId), debtId: id, amountCents },
      }));
    }
    case 'ContributionFailed':
      await cancelPendingDebts(tx, [event.contributionId]);
      await closeCoverNews(tx, organizationId, coversAmong([event.contributionId]), { undone: true });
      return [];
    // Cash declared for another and not confirmed: it made no debt (nor news) yet.
    case 'CoverSuperseded':
      await cancelPendingDebts(tx, [event.contributionId]);
      return [];
    case 'RecipientTimedOut':
    case 'MemberExpelled':
      await cancelPendingDebts(tx, event.refundDue);
      await closeCoverNews(tx, organizationId, coversAmong(event.refundDue), { undone: true });
      return [];
    default:
      return [];
  }
}

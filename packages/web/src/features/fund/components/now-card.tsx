import type { FundView } from '@giro/contract/fund';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { NowFrame } from '../../../components/ui/now-frame';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/clock-store';
import { euro, longDate } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { payoutAccountHref } from '../../../lib/payout-account-link';
import { useKeepFocus } from '../../../lib/use-keep-focus';
import { useRoundContributions } from '../api/fund-queries';
import { usePaymentProcessing } from '../api/sent-payments';
import {
  isNews,
  type NowItem,
  nowCardCovers,
  nowCardReads,
  nowItem,
  roundPaymentsFor,
} from '../hooks/now-item';
import { useMemberName } from '../hooks/use-fund-people';
import { DeadlineCountdown } from './deadline-countdown';

const ContributionModal = lazyNamed(() => import('./contribution-modal'), 'ContributionModal');
const DistributionModal = lazyNamed(() => import('./distribution-modal'), 'DistributionModal');
// Shown only to a member who has paid while others have not: not part of the first load.
const CoverMembers = lazyNamed(() => import('./cover-members'), 'CoverMembers');

/** The fund section below, where each vote is cast (its panel for the current phase). */
const FUND_SECTION_ID = 'fund';
const goToFund = () => {
  const section = document.getElementById(FUND_SECTION_ID);
  // A glide only for those who have not asked the system for less motion.
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  section?.focus({ preventScroll: true });
};

/**
 * The top of home (issue 13): the one thing this member owes the fund now, with its button
 * and its deadline; when nothing is owed, what happens next. `hasPayoutAccount` is undefined
 * while unknown (it is asked only of this round's and the next round's recipients).
 */
export function NowCard({
  fund,
  userId,
  hasPayoutAccount,
  other,
}: {
  fund: FundView;
  userId: string;
  hasPayoutAccount: boolean | undefined;
  /**
   * Something outside the fund for this member now (a debt between members, composed by the
   * page): shown instead of the fund's news; one that asks an action also before a request
   * without a deadline. Behind the fund's own call, its `aside` (one line) is shown under it:
   * a repayment just declared does not vanish from the home.
   */
  other?: { kind: string; acts: boolean; body: ReactNode; aside: ReactNode } | null;
}) {
  const name = useMemberName(fund);
  // The round panel's interval: the two decide from one moment which shows the button to pay.
  const nowMs = useNow(30_000);
  // Manual payments declared this round: the payer's is done, the recipient's are to confirm.
  // Declared payments exist only once the window is open: not asked for before.
  const contributions = useRoundContributions(fund.id, nowCardReads(fund, userId, nowMs).roundContributions);
  const processing = usePaymentProcessing(fund, userId);
  const item = nowItem(fund, userId, {
    nowMs,
    hasPayoutAccount,
    processing,
    ...roundPaymentsFor(contributions.data, userId),
  });
  const news = isNews(item.kind);
  // What lies outside the fund comes after what the fund itself needs from this member now; an
  // action there (a debt to repay) also comes before what has no deadline (a swap to answer,
  // an account for a turn that is not this round's).
  // An account for this round's turn has no deadline yet while the round collects (its 24 hours
  // start once every contribution is in): a repayment to confirm does not wait behind it.
  const isPatient =
    item.kind === 'answer_swap' ||
    (item.kind === 'connect_payout' && (!item.isCurrentRound || item.deadline === null));
  const showOther = other != null && (news || (other.acts && isPatient));
  const isAction = showOther ? other.acts : !news;
  const keepFocus = useKeepFocus<HTMLElement>();
  return (
    <NowFrame kind={showOther ? other.kind : item.kind} acts={isAction} frameRef={keepFocus}>
      {showOther ? other.body : <NowBody item={item} fund={fund} name={name} />}
      {!showOther && other?.aside}
      {nowCardCovers(item.kind, other != null) && (
        <Suspense fallback={null}>
          <CoverMembers fund={fund} userId={userId} contributions={contributions.data} />
        </Suspense>
      )}
    </NowFrame>
  );
}

/**
 * What asking for a payout account says: the refund is a threat only once its 24 hours run
 * (before everyone has paid none do; after a payout was tried none will).
 */
function connectKey(item: Extract<NowItem, { kind: 'connect_payout' }>): string {
  if (!item.isCurrentRound) return 'now.connectNext';
  if (item.deadline) return 'now.connectCurrent';
  return item.allIn ? 'now.connectReady' : 'now.connectCurrentEarly';
}

function NowBody({ item, fund, name }: { item: NowItem; fund: FundView; name: (id: string) => string }) {
  const { t } = useTranslation();
  const [isContributing, setContributing] = useState(false);
  const text = (key: string, values: Record<string, string | number> = {}) => (
    <p className="text-lg font-semibold text-stone-900">{t(key, values)}</p>
  );
  switch (item.kind) {
    case 'contribute':
      return (
        <>
          {text('now.contribute', { amount: euro(item.amountCents), name: name(item.recipientId) })}
          {item.coverDeclaredBy && (
            <p className="text-sm text-stone-700">
              {t('now.coverDeclared', { payer: name(item.coverDeclaredBy) })}
            </p>
          )}
          <DeadlineCountdown deadline={item.deadline} label={t('now.closesIn')} />
          <Button
            className="self-stretch sm:self-start"
            data-testid="now-action"
            onClick={() => setContributing(true)}
          >
            {t('now.contributeButton', { amount: euro(item.amountCents) })}
          </Button>
          {isContributing && (
            <Suspense fallback={null}>
              <ContributionModal
                fundId={fund.id}
                amountCents={item.amountCents}
                open
                onOpenChange={setContributing}
              />
            </Suspense>
          )}
        </>
      );
    case 'withdraw':
      return (
        <>
          {text('now.withdraw', { amount: euro(item.netCents) })}
          {item.deadline && <DeadlineCountdown deadline={item.deadline} label={t('now.withdrawBy')} />}
          {fund.round && (
            <Suspense fallback={null}>
              <DistributionModal fundId={fund.id} payout={fund.round.payout} />
            </Suspense>
          )}
        </>
      );
    case 'connect_payout':
      return (
        <>
          {text(connectKey(item))}
          {item.deadline && <DeadlineCountdown deadline={item.deadline} label={t('now.refundIn')} />}
          <Link
            href={payoutAccountHref}
            data-testid="now-action"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 sm:self-start"
          >
            {t('now.connectButton')}
          </Link>
        </>
      );
    case 'processing':
      return (
        <p
          role="status"
          data-testid="payment-processing"
          className="flex items-center gap-2 text-lg font-semibold text-stone-900"
        >
          <Spinner size={20} />
          {t('now.processing', { amount: euro(item.amountCents), name: name(item.recipientId) })}
        </p>
      );
    case 'missed':
      return (
        <>
          {text('now.missed')}
          {item.deadline && <DeadlineCountdown deadline={item.deadline} label={t('now.voteClosesIn')} />}
        </>
      );
    case 'declared':
      return (
        <>
          {text('now.declared', { amount: euro(item.amountCents), name: name(item.recipientId) })}
          {/* A slip on "Manuale" is undone in the round's contributions, in the fund below. */}
          {item.mayCancel && (
            <>
              <p className="text-sm text-stone-700">{t('now.declaredCancel')}</p>
              <GoToFund variant="secondary" />
            </>
          )}
        </>
      );
    case 'covered':
      return text('now.covered', { payer: name(item.payerId), name: name(item.recipientId) });
    case 'confirm_received':
    case 'answer_swap':
    case 'vote_emergency':
    case 'acknowledge':
    case 'confirm':
    case 'vote_amount':
    case 'vote_date':
      // Acted on in the fund's own panel: the button goes there.
      return (
        <>
          {item.kind === 'vote_emergency'
            ? text('now.voteEmergency', { name: name(item.memberId) })
            : item.kind === 'answer_swap'
              ? text('now.answerSwap', { name: name(item.memberId) })
              : item.kind === 'confirm_received'
                ? text('now.confirmReceived', { count: item.count })
                : text(`now.${item.kind}`)}
          {'deadline' in item && item.deadline && (
            <DeadlineCountdown deadline={item.deadline} label={t('now.deadline')} />
          )}
          <GoToFund />
        </>
      );
    case 'window_opens':
      return (
        <>
          {text('now.windowOpens', {
            amount: euro(item.amountCents),
            name: name(item.recipientId),
            date: longDate(item.opensAt),
          })}
          <DeadlineCountdown deadline={item.opensAt} label={t('now.opensIn')} />
        </>
      );
    case 'recipient_next':
      if (item.isYou) return text('now.recipientYou', { date: longDate(item.withdrawalAt) });
      // Everything is in: the round's date is no longer when it happens (the panel below says
      // the same; a recipient who must still connect an account has 24 hours to).
      if (item.accountDeadline)
        return (
          <>
            {text('now.recipientNeedsAccount', { name: name(item.recipientId) })}
            <DeadlineCountdown deadline={item.accountDeadline} label={t('now.recipientRefundIn')} />
          </>
        );
      if (item.ready) return text('now.recipientReady', { name: name(item.recipientId) });
      return text('now.recipientNext', { name: name(item.recipientId), date: longDate(item.withdrawalAt) });
    case 'waiting':
      return (
        <>
          {text('now.waiting')}
          {item.deadline && <DeadlineCountdown deadline={item.deadline} label={t('now.deadline')} />}
        </>
      );
  }
}

/** The card's button to the fund section below, where the thing is done (works offline: a scroll). */
function GoToFund({ variant }: { variant?: 'secondary' }) {
  const { t } = useTranslation();
  return (
    <Button
      variant={variant}
      className="self-stretch sm:self-start"
      data-testid="now-action"
      needsNetwork={false}
      onClick={goToFund}
    >
      {t('now.goButton')}
    </Button>
  );
}

export { FUND_SECTION_ID };

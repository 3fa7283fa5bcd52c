import type { FundView } from '@giro/contract/fund';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useNow } from '../../../lib/clock-store';
import { euro, longDate } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { useRoundContributions } from '../api/fund-queries';
import { usePaymentProcessing } from '../api/sent-payments';
import { mayCancelDeclaration } from '../hooks/cover-rules';
import { type NowCardAbove, nowCardCovers, nowItem, roundPaymentsFor } from '../hooks/now-item';
import { roleIn, useMemberName } from '../hooks/use-fund-people';
import { DeadlineCountdown } from './deadline-countdown';
import { RecipientTimeout } from './recipient-timeout';
import { RoundContributions } from './round-contributions';

const ContributionModal = lazyNamed(() => import('./contribution-modal'), 'ContributionModal');
// Shown only to the recipient once the pot is ready, and only while a vote of urgency is open.
const DistributionModal = lazyNamed(() => import('./distribution-modal'), 'DistributionModal');
const EmergencyVote = lazyNamed(() => import('./emergency-vote'), 'EmergencyVote');
// Shown only while someone could be covered: loaded then.
const CoverMembers = lazyNamed(() => import('./cover-members'), 'CoverMembers');

type Round = NonNullable<FundView['round']>;

/**
 * One round (domain.md, phase 6): the contribution window of the 7 days before the withdrawal
 * date with its countdown, the member's contribution, the recipient's confirmations and
 * withdrawal, the recipient timeout and the emergency votes on missed contributions.
 */
export function RoundPanel({
  fund,
  round,
  userId,
  nowCardAbove,
}: {
  fund: FundView;
  round: Round;
  userId: string;
  /** The Now card the page shows above this panel, if any. */
  nowCardAbove: NowCardAbove | null;
}) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const now = useNow(30_000);
  const [isContributing, setContributing] = useState(false);
  const { isRecipient, mustContribute } = roleIn(fund, userId);
  const contributions = useRoundContributions(fund.id, true).data ?? [];
  const isWindowOpen = now >= Date.parse(round.windowOpensAt);
  const extension = round.extensions[userId];
  // Past it unpaid the server refuses a payment: a vote on them decides, a wait reopens it.
  const isClosedForMe = now >= Date.parse(extension ?? round.withdrawalAt);
  // Their own declaration, not someone else's cover in cash, which their payment would replace.
  const declared = contributions.find(
    (c) => c.contributorId === userId && c.status === 'declared' && !c.paidBy,
  );
  const processing = usePaymentProcessing(fund, userId);
  // One button for one thing, not two on one screen: what the Now card above offers (paying,
  // covering others) this panel does not repeat; paying, it says is due and where. When the card
  // asks something else first (an emergency vote to cast, an account to connect), the buttons
  // stay here. Decided from what the card reads, at the same tick (lib/clock-store).
  const nowKind =
    nowCardAbove &&
    nowItem(fund, userId, {
      nowMs: now,
      hasPayoutAccount: nowCardAbove.hasPayoutAccount,
      processing,
      ...roundPaymentsFor(contributions, userId),
    }).kind;
  const payAbove = nowKind === 'contribute';
  const coverAbove =
    nowCardAbove !== null && nowKind !== null && nowCardCovers(nowKind, nowCardAbove.hasOther);
  return (
    <section aria-labelledby="round" className="flex flex-col gap-4" data-testid="round-panel">
      <div className="flex flex-col gap-1">
        <h3 id="round" className="font-semibold">
          {t('fund.round.title', { number: round.number, total: fund.order.length })}
        </h3>
        <p className="text-sm" data-testid="round-recipient">
          {isRecipient
            ? t('fund.round.youReceive')
            : t('fund.round.recipient', { name: name(round.recipientId) })}
        </p>
        <p className="text-sm text-stone-700">
          {t('fund.round.dates', {
            opens: longDate(round.windowOpensAt),
            withdrawal: longDate(round.withdrawalAt),
          })}
        </p>
        <p className="text-sm text-stone-700">
          {t('fund.round.collected', {
            collected: euro(round.totalCollectedCents),
            expected: euro(round.expectedTotalCents),
          })}
        </p>
      </div>
      {round.state === 'collecting' &&
        (isWindowOpen ? (
          <DeadlineCountdown deadline={round.withdrawalAt} label={t('fund.round.closesIn')} />
        ) : (
          <DeadlineCountdown deadline={round.windowOpensAt} label={t('fund.round.opensIn')} />
        ))}
      {extension && <DeadlineCountdown deadline={extension} label={t('fund.round.extension')} />}
      {processing && (
        <p role="status" className="text-sm font-medium" data-testid="round-payment-processing">
          {t('fund.round.processing')}
        </p>
      )}
      {payAbove && (
        <p className="text-sm font-medium" data-testid="round-pay-above">
          {t('fund.round.payAbove', { amount: euro(fund.finalAmountCents ?? 0) })}
        </p>
      )}
      {mustContribute && !declared && !processing && isClosedForMe && nowKind !== 'missed' && (
        <p className="text-sm font-medium">{t('now.missed')}</p>
      )}
      {mustContribute && !declared && !processing && !payAbove && !isClosedForMe && (
        <div className="flex flex-col gap-2">
          <Button
            className="self-start"
            disabled={!isWindowOpen}
            onClick={() => setContributing(true)}
            data-testid="contribute-button"
          >
            {t('fund.round.contribute', { amount: euro(fund.finalAmountCents ?? 0) })}
          </Button>
          {!isWindowOpen && <p className="text-sm text-stone-600">{t('fund.round.windowNotOpen')}</p>}
        </div>
      )}
      {declared && (
        <p className="text-sm font-medium">
          {t('fund.round.awaitingConfirmation')}
          {mayCancelDeclaration(round, declared, now) && ` ${t('fund.round.cancelHint')}`}
        </p>
      )}
      {round.contributedBy.includes(userId) && (
        <p className="text-sm font-medium">{t('fund.round.youContributed')}</p>
      )}
      {/* Once the recipient's account is active no timeout runs (the server's deadlines): they
          are not told to connect one they have. */}
      {round.recipientTimeoutAt && !(isRecipient && nowCardAbove?.hasPayoutAccount === true) && (
        <RecipientTimeout deadline={round.recipientTimeoutAt} isRecipient={isRecipient} />
      )}
      {round.payoutFailed && (
        <p role="alert" className="text-sm text-red-800">
          {t('fund.round.payoutFailed')}
        </p>
      )}
      {/* Without an account the card above sends them to connect one: a withdrawal would be refused.
          With one, the card above offers the withdrawal itself: one button for it, not two. */}
      {isRecipient &&
        round.state === 'awaiting_withdrawal' &&
        nowKind !== 'connect_payout' &&
        nowKind !== 'withdraw' && (
          <Suspense fallback={null}>
            <DistributionModal fundId={fund.id} payout={round.payout} />
          </Suspense>
        )}
      {round.emergencies.map((vote) => (
        <Suspense key={vote.id} fallback={null}>
          <EmergencyVote fund={fund} vote={vote} userId={userId} />
        </Suspense>
      ))}
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">{t('fund.round.contributions')}</h4>
        <RoundContributions
          fund={fund}
          contributions={contributions}
          isRecipient={isRecipient}
          userId={userId}
        />
        {!coverAbove && (
          <Suspense fallback={null}>
            <CoverMembers fund={fund} userId={userId} contributions={contributions} />
          </Suspense>
        )}
      </div>
      {isContributing && (
        <Suspense fallback={null}>
          <ContributionModal
            fundId={fund.id}
            amountCents={fund.finalAmountCents ?? 0}
            open
            onOpenChange={setContributing}
          />
        </Suspense>
      )}
    </section>
  );
}

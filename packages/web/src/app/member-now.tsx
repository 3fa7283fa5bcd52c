import { useFund } from '../features/fund/api/fund-queries';
import { NowCard } from '../features/fund/components/now-card';
import { usePayoutAccount } from '../features/payments/api/payout-account';

/**
 * The Now card while a fund runs: what this member owes it, its place kept while it loads. Here,
 * not in a feature: it joins the fund with the member's payout account (features/payments).
 */
export function MemberNow({ userId }: { userId: string }) {
  const query = useFund(true);
  const fund = query.data;
  const isTurnSoon = Boolean(fund && (fund.currentRecipientId === userId || fund.nextRecipientId === userId));
  const account = usePayoutAccount(isTurnSoon);
  // Its place is kept while the fund loads, so the page does not jump when it arrives.
  if (query.isLoading)
    return <div aria-hidden className="h-44 rounded-2xl bg-stone-100 motion-safe:animate-pulse" />;
  if (!fund || fund.phase === 'completed' || fund.phase === 'cancelled') return null;
  const hasPayoutAccount = account.data ? account.data.status === 'active' : undefined;
  return <NowCard fund={fund} userId={userId} hasPayoutAccount={hasPayoutAccount} />;
}

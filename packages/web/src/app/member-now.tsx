import type { DebtView } from '@giro/contract/debts';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { debtsKey, useDebts } from '../features/debts/api/debts';
import { type DebtItem, debtItem } from '../features/debts/hooks/debt-item';
import { fundPartKey, fundQuery, useFund } from '../features/fund/api/fund-queries';
import { NowCard } from '../features/fund/components/now-card';
import { type NowCardAbove, nowCardReads } from '../features/fund/hooks/now-item';
import { payoutAccountKey, usePayoutAccount } from '../features/payments/api/payout-account';
import { clock } from '../lib/clock-store';
import { lazyNamed, loadOnce } from '../lib/lazy-named';

// Only a member with a debt to or from another member needs it: not part of the first load of
// others, asked for with theirs (prefetchNowCard), so the card is not drawn a line short.
const loadDebtNow = loadOnce(() => import('../features/debts/components/debt-now'));
const DebtNow = lazyNamed(loadDebtNow, 'DebtNow');
const DebtCard = lazyNamed(loadDebtNow, 'DebtCard');
const DebtAside = lazyNamed(loadDebtNow, 'DebtAside');

/**
 * What the Now card reads beside the fund, for a page that puts the fund below it: whether a
 * debt takes the card's place, and the member's payout account (without one, connecting it comes
 * before the news beside which the card offers to cover others). Read from what the card asked
 * for (no request of its own), as the card reads it.
 */
export function useNowCardAbove(userId: string): NowCardAbove {
  const debts = useDebts(false).data?.debts ?? [];
  return {
    hasOther: debtItem(debts, userId) !== null,
    hasPayoutAccount: hasActive(usePayoutAccount(false).data),
  };
}

/** An active payout account; undefined while it is unknown (not asked for, or not in yet). */
const hasActive = (account: { status: string } | undefined): boolean | undefined =>
  account ? account.status === 'active' : undefined;

/**
 * The Now card while a fund runs: what this member owes it, its place kept while it loads. Here,
 * not in a feature: it joins the fund with the member's payout account (features/payments)
 * and their debts to and from other members (features/debts).
 */
export function MemberNow({ userId }: { userId: string }) {
  const query = useFund(true);
  const fund = query.data;
  const account = usePayoutAccount(Boolean(fund && nowCardReads(fund, userId, clock.now()).payoutAccount));
  // Asked for with the fund, not after it (prefetchNowCard reads them in every case).
  const debt = debtItem(useDebts(true).data?.debts ?? [], userId);
  // Its place is kept while the fund loads, so the page does not jump when it arrives. Only while
  // it is read: offline with nothing on the device there is nothing coming to keep a place for.
  if (query.isLoading)
    return <div aria-hidden className="h-44 rounded-2xl bg-stone-100 motion-safe:animate-pulse" />;
  const other = debt && {
    kind: debt.kind,
    acts: debt.kind === 'confirm_repayment' || debt.kind === 'repay_debt',
    body: (
      <Suspense fallback={null}>
        <DebtNow item={debt} />
      </Suspense>
    ),
    aside: (
      <Suspense fallback={null}>
        <DebtAside item={debt} />
      </Suspense>
    ),
  };
  if (!fund) return debt && <OwnDebtCard item={debt} />;
  // A debt outlives the cycle that made it: the card stays for it.
  if ((fund.phase === 'completed' || fund.phase === 'cancelled') && !other) return null;
  const hasPayoutAccount = hasActive(account.data);
  return <NowCard fund={fund} userId={userId} hasPayoutAccount={hasPayoutAccount} other={other} />;
}

const OwnDebtCard = ({ item }: { item: DebtItem }) => (
  <Suspense fallback={null}>
    <DebtCard item={item} />
  </Suspense>
);

/**
 * A member in no organization (they left it, or were expelled) may still owe another member or
 * be owed: the debt's card alone, without the fund's reads, asked for again while it waits on
 * the other member (no socket tells them).
 */
export function DebtNowWithoutOrganization({ userId }: { userId: string }) {
  const debt = debtItem(useDebts(true, { poll: true }).data?.debts ?? [], userId);
  return debt && <OwnDebtCard item={debt} />;
}

/**
 * The Now card's reads beside the fund (the payout account, the debts, this round's payments),
 * asked for as soon as the fund is in, as part of the first screen's data (app/page-data). The
 * card is then drawn once, whole: asked for by the card itself, they landed after it was on the
 * screen, and it grew (or showed the wrong thing to do) as each one did, pushing the page down.
 * Here, with the card (page-data imports it on demand): the sign-in page does not carry it.
 */
export async function prefetchNowCard(client: QueryClient, userId: string): Promise<unknown> {
  // The debts are read whenever there is a fund: beside it, not after it; with one to show, its
  // card's or line's code too.
  const debts = client.prefetchQuery({ queryKey: debtsKey }).then(() => {
    const data = client.getQueryData<{ debts: DebtView[] }>(debtsKey);
    return debtItem(data?.debts ?? [], userId) && loadDebtNow();
  });
  const fund = await client.ensureQueryData(fundQuery).catch(() => null);
  if (!fund) return debts;
  const reads = nowCardReads(fund, userId, clock.now());
  return Promise.all([
    debts,
    reads.payoutAccount && client.prefetchQuery({ queryKey: payoutAccountKey }),
    reads.roundContributions &&
      client.prefetchQuery({ queryKey: fundPartKey(fund.id, 'monthly-contributions') }),
  ]);
}

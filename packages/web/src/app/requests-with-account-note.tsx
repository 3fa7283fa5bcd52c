import { RequestsSection } from '../features/requests/components/requests-section';
import { lazyNamed } from '../lib/lazy-named';

/** Its chunk, and the account's read, only once a new request's form opens. */
const PayoutAccountNeeded = lazyNamed(
  () => import('../features/payments/components/payout-account-needed'),
  'PayoutAccountNeeded',
);

/**
 * The funding requests, whose form for a new one says whether its payout will have an account
 * to go to (features/payments): joined here, since features do not import each other. The home
 * loads this module as a chunk of its own, as it loaded the requests alone.
 */
export function RequestsWithAccountNote(props: { userId: string; ownPage?: boolean }) {
  return <RequestsSection {...props} AccountNote={PayoutAccountNeeded} />;
}

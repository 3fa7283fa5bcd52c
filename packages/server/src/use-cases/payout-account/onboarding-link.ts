import type { OnboardingLink } from '@giro/contract/payout-account';
import { findPayoutAccount } from '../../db/payout-account.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

/** The provider's onboarding page, coming back to /account/stripe/return or /refresh (SPEC §2). */
export async function onboardingLinkFor(
  deps: Deps,
  accountId: string,
  status: string,
): Promise<OnboardingLink> {
  const { url } = await deps.payments.onboardingLink({
    accountId,
    returnUrl: `${deps.config.publicUrl}/account/stripe/return`,
    refreshUrl: `${deps.config.publicUrl}/account/stripe/refresh`,
  });
  return { id: accountId, status: status as OnboardingLink['status'], onboardingUrl: url };
}

/** A fresh link for an account whose onboarding link expired or that needs fixing (restricted). */
export async function newOnboardingLink(deps: Deps, user: UserRow): Promise<OnboardingLink> {
  const row = await findPayoutAccount(deps.db, user.id);
  if (!row || row.unlinkedAt) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
  return onboardingLinkFor(deps, row.providerAccountId, row.status);
}

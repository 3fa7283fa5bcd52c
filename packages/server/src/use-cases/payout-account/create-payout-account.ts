import type { OnboardingLink } from '@giro/contract/payout-account';
import { findPayoutAccount, savePayoutAccount } from '../../db/payout-account.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { changePayoutAccount } from './fund-follows-account';
import { onboardingLinkFor } from './onboarding-link';

/**
 * Creates the member's connected account at the provider (once: the user id is the idempotency
 * key, so a double click or a retry finds the same account) and answers its onboarding link.
 */
export async function createPayoutAccount(deps: Deps, user: UserRow): Promise<OnboardingLink> {
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  const existing = await findPayoutAccount(deps.db, user.id);
  if (existing && !existing.unlinkedAt && existing.status !== 'not_connected')
    throw new AppError('PAYOUT_ACCOUNT_EXISTS');
  const { accountId } = await deps.payments.createAccount({
    idempotencyKey: `account:${user.id}`,
    userId: user.id,
    email: user.email,
  });
  const status = (await deps.payments.accountStatus(accountId)) ?? 'pending';
  await changePayoutAccount(deps, user.id, (tx) =>
    savePayoutAccount(
      tx,
      { userId: user.id, provider: deps.payments.name, providerAccountId: accountId, status },
      deps.clock.now(),
    ),
  );
  return onboardingLinkFor(deps, accountId, status);
}

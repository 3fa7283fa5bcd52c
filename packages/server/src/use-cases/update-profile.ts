import type { LanguagePreference } from '@giro/contract/language';
import { defaultDisplayName } from '@giro/domain/account';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { recordSecurityEvent } from './security-events';

/** Edits first and last name; the display name defaults to them when left empty. */
export async function updateProfile(
  deps: Deps,
  userId: string,
  input: { firstName: string; lastName: string; displayName?: string | undefined },
): Promise<void> {
  const displayName = input.displayName || defaultDisplayName(input.firstName, input.lastName);
  await deps.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, displayName })
    .where(eq(users.id, userId));
}

export async function updateLanguage(deps: Deps, userId: string, languagePreference: LanguagePreference) {
  await deps.db.update(users).set({ languagePreference }).where(eq(users.id, userId));
}

/** The PayPal email may be empty (manual payments); null clears it. */
export async function updatePaypalEmail(deps: Deps, user: UserRow, paypalEmail: string | null) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ paypalEmail }).where(eq(users.id, user.id));
    // Where payouts go is what a phisher would change: the member hears of it (issue 18).
    if (paypalEmail && paypalEmail.toLowerCase() !== user.paypalEmail?.toLowerCase())
      await recordSecurityEvent(tx, deps, user, 'payout_email_changed', { paypal: paypalEmail });
  });
  deps.kickOutbox();
}

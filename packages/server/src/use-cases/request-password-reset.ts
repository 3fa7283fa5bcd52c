import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { countRateLimitHit } from '../db/rate-limit.queries';
import { issueToken } from '../db/token.repository';
import { findUserByEmail } from '../db/user.repository';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/enqueue-mail';

/**
 * Reset links one account is sent in an hour. The route's limit is per address of the asker;
 * without this, anyone asking from many addresses filled a member's inbox with reset emails. A
 * link lasts an hour, so three cover a member who lost the first two.
 */
export const RESET_LINKS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/**
 * Sends a reset link (single use, 1 h) when the email belongs to a user, at most
 * RESET_LINKS_PER_HOUR an hour. The caller answers the same either way, so the endpoint does not
 * tell whether an account exists, nor whether its links ran out.
 */
/** `asked`: the language the request came in, for someone who has not picked one. */
export async function requestPasswordReset(deps: Deps, email: string, asked: Language): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Counted in one statement, so two instances asked at once each see the other's request.
    const { hits } = await countRateLimitHit(tx, `password-reset:${user.id}`, HOUR_MS, now);
    if (hits > RESET_LINKS_PER_HOUR) return;
    const token = await issueToken(tx, user.id, 'reset_password', now);
    await enqueueMail(
      tx,
      {
        to: user.email,
        template: 'reset_password',
        language: languageOrDefault(user.languagePreference ?? asked),
        vars: { name: user.displayName, link: `${deps.config.publicUrl}/reset-password?token=${token}` },
      },
      now,
    );
  });
  deps.kickOutbox();
}

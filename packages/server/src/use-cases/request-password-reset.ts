import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { issueToken } from '../db/token.repository';
import { findUserByEmail } from '../db/user.repository';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/enqueue-mail';

/**
 * Sends a reset link (single use, 1 h) when the email belongs to a user. The caller answers
 * the same either way, so the endpoint does not tell whether an account exists.
 */
/** `asked`: the language the request came in, for someone who has not picked one. */
export async function requestPasswordReset(deps: Deps, email: string, asked: Language): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
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

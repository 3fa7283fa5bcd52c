import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { issueToken } from '../db/token.repository';
import { lockUser, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { enqueueMail } from '../mail/enqueue-mail';

const MAIL_INTERVAL_MS = 60_000;

/** Writes a verification token and its email in the caller's transaction. */
export async function queueVerificationEmail(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  user: Pick<UserRow, 'id' | 'email' | 'displayName'>,
  language: Language,
  now: Date,
): Promise<void> {
  const token = await issueToken(tx, user.id, 'verify_email', now);
  await tx.update(users).set({ lastVerificationMailAt: now }).where(eq(users.id, user.id));
  await enqueueMail(
    tx,
    {
      to: user.email,
      template: 'verify_email',
      language,
      vars: { name: user.displayName, link: `${deps.config.publicUrl}/verify-email?token=${token}` },
    },
    now,
  );
}

/** POST /api/verify-email/send: at most one email a minute per user (domain.md). */
export async function sendVerificationEmail(deps: Deps, userId: string, asked: Language): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
    const last = user.lastVerificationMailAt?.getTime() ?? 0;
    const waitMs = last + MAIL_INTERVAL_MS - now.getTime();
    if (waitMs > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
    await queueVerificationEmail(tx, deps, user, languageOrDefault(user.languagePreference ?? asked), now);
  });
  deps.kickOutbox();
}

import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { consumeToken } from '../db/token.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/** Consumes a verification token (single use, 24 h) and marks the email verified. */
export async function verifyEmail(deps: Deps, token: string): Promise<string> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'verify_email', token, now);
    if (!userId) throw new AppError('INVALID_VERIFICATION_TOKEN');
    await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
    return userId;
  });
}

import type { ErrorCode } from '@giro/contract/errors';
import type { DbOrTx } from '../db/client';
import { countRateLimitHit, forgetRateLimitHits, forgetRateLimitWindow } from '../db/rate-limit.queries';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { burnPasswordCheck, verifyPassword } from '../security/passwords';
import { hashToken } from '../security/tokens';

/**
 * Password checks one account gets in a window, over every route that asks for its password:
 * sign-in, password change, account deletion and adding a passkey. Those routes' own limits
 * count per address, or per session and route, so many addresses (or a stolen session going
 * from route to route) could try far more guesses at one password.
 */
export const PASSWORD_CHECKS = 10;
const WINDOW_MS = 15 * 60_000;

/**
 * Whose checks are counted: an account (apart, in a browser that signed in to it before:
 * plugins/known-browser.ts), or a sign-in name that matches none (counted the same, so the
 * answer does not tell).
 */
export type PasswordSubject = { userId: string; browserId?: string } | { unknownLogin: string };

const accountKey = (userId: string) => `password-checks:user:${userId}`;
const keyOf = (subject: PasswordSubject) =>
  'userId' in subject
    ? accountKey(subject.userId) + (subject.browserId ? `:browser:${subject.browserId}` : '')
    : // Hashed: what someone typed (another person's email, say) is not kept, even for 15 minutes.
      `password-checks:login:${hashToken(subject.unknownLogin.trim().toLowerCase())}`;

/**
 * Checks a password against the account's hash (none: an unknown account, checked against a
 * dummy so it takes as long), throwing `refusal` when wrong and RATE_LIMITED, with the seconds to
 * wait, once the account has had its checks. Counted before the check, in one statement, so
 * attempts in parallel, on any instance, cannot slip past the count. A right password forgets
 * the count up to its own: the member's own typing mistakes do not lock them out later, and
 * guesses counted while it was being checked (argon2 takes a while) still count.
 */
export async function checkPassword(
  deps: Deps,
  subject: PasswordSubject,
  passwordHash: string | null,
  password: string,
  refusal: ErrorCode,
): Promise<void> {
  const key = keyOf(subject);
  const now = deps.clock.now();
  const { hits, resetsAt } = await countRateLimitHit(deps.db, key, WINDOW_MS, now);
  if (hits > Math.round(PASSWORD_CHECKS * deps.config.rateLimitScale))
    throw new AppError('RATE_LIMITED', {
      retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
    });
  if (passwordHash === null) {
    await burnPasswordCheck(password);
    throw new AppError(refusal);
  }
  if (!(await verifyPassword(passwordHash, password))) throw new AppError(refusal);
  if (hits > 1) await forgetRateLimitHits(deps.db, key, { hits, resetsAt });
}

/** The browser a sign-in cookie names (plugins/known-browser.ts): the member it signed in as, and its own id. */
export type KnownBrowser = { userId: string; browserId: string } | null;

/**
 * A member's password, checked as `checkPassword` does: counted apart in a browser that signed
 * in as this member before, under the account otherwise.
 */
export function checkMemberPassword(
  deps: Deps,
  user: { id: string; passwordHash: string },
  password: string,
  refusal: ErrorCode,
  knownBrowser: KnownBrowser,
): Promise<void> {
  const browserId = knownBrowser?.userId === user.id ? knownBrowser.browserId : undefined;
  return checkPassword(deps, { userId: user.id, browserId }, user.passwordHash, password, refusal);
}

/** A new password (a reset link) starts the account's counts again, its known browsers' too. */
export function forgetPasswordChecks(db: DbOrTx, userId: string): Promise<void> {
  return forgetRateLimitWindow(db, accountKey(userId), { andBelow: ':browser:' });
}

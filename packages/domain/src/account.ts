import { COMMON_PASSWORDS } from './common-passwords';
import type { DomainErrorCode } from './errors';

/** Users and accounts (domain.md). */
export const USERNAME_PATTERN = /^[a-z0-9_.-]{3,30}$/;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

export function normalizeUsername(input: string): string {
  return input.trim().toLowerCase();
}

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * Password policy in the NIST SP 800-63B style: length 10–128, not the username or email,
 * not in the bundled list of common passwords; no composition rules. Returns the first
 * failed rule, or null when the password is acceptable.
 */
export function passwordProblem(
  password: string,
  identity: { username?: string; email?: string },
): DomainErrorCode | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'PASSWORD_TOO_SHORT';
  if (length > PASSWORD_MAX) return 'PASSWORD_TOO_LONG';
  const lowered = password.toLowerCase();
  const identities = [identity.username, identity.email, identity.email?.split('@')[0]]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
  if (identities.includes(lowered)) return 'PASSWORD_MATCHES_IDENTITY';
  if (COMMON_PASSWORDS.has(lowered)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/** Display name defaults to first + last name. */
export function defaultDisplayName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

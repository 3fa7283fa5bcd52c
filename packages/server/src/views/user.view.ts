import type { User } from '@giro/contract/auth';
import { languageOrDefault } from '@giro/contract/language';
import type { UserRow } from '../db/user.repository';

/** The signed-in user as the API shows it (GET /api/user). */
export function userView(user: UserRow): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    languagePreference: user.languagePreference === null ? null : languageOrDefault(user.languagePreference),
    paypalEmail: user.paypalEmail,
    familyId: user.familyId,
    role: user.role === 'admin' ? 'admin' : 'member',
    strikes: user.strikes,
    memberSince: user.memberSince?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

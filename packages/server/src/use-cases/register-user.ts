import type { RegisterBody } from '@giro/contract/auth';
import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { defaultDisplayName, normalizeEmail, passwordProblem } from '@giro/domain/account';
import { DomainError } from '@giro/domain/errors';
import { normalizeInviteCode } from '@giro/domain/organization';
import {
  insertOrganization,
  lockOpenOrganizationByCode,
  recordInviteEvent,
} from '../db/organization.repository';
import { isUniqueViolation } from '../db/pg-errors';
import { users } from '../db/schema';
import { claimTesterInvite } from '../db/tester-invite.repository';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { hashPassword } from '../security/passwords';
import { addToOrganization } from './membership';
import { queueVerificationEmail } from './send-verification-email';

/**
 * Registration (domain.md, Users and accounts): terms and captcha first, then the password
 * policy, then, in one transaction, the user, the organization they create or join, the
 * invite tracking and the verification email. Either all of it is written or none.
 */
export async function registerUser(deps: Deps, input: RegisterBody, language: Language): Promise<UserRow> {
  if (!input.acceptTerms) throw new AppError('TERMS_NOT_ACCEPTED');
  if (!input.captcha) throw new AppError('CAPTCHA_REQUIRED');
  if (!(await deps.captcha.verify(input.captcha))) throw new AppError('CAPTCHA_FAILED');

  const email = normalizeEmail(input.email);
  const problem = passwordProblem(input.password, { username: input.username, email });
  if (problem) throw new DomainError(problem);

  const code = input.inviteCode ? normalizeInviteCode(input.inviteCode) : undefined;
  if (!input.organization && !code) throw new AppError('INVALID_INVITE_CODE');
  if (input.organization && !code && deps.config.registration === 'invite-only') {
    throw new AppError('TESTER_INVITE_REQUIRED');
  }

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const displayName = defaultDisplayName(input.firstName, input.lastName);
  const role = deps.config.adminEmails.includes(email) ? 'admin' : 'member';

  try {
    const user = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          displayName,
          // Only a language the person picked is saved; mail meanwhile goes in the default one.
          languagePreference: input.languagePreference ?? null,
          role,
          createdAt: now,
        })
        .returning();
      if (!user) throw new Error('insert returned no user');

      if (input.organization) {
        let testerInviteId: string | undefined;
        if (code) testerInviteId = await claimTesterInvite(tx, code, email, user.id, now);
        const organization = await insertOrganization(tx, input.organization, now);
        await addToOrganization(tx, user.id, organization.id, now);
        if (code) {
          await recordInviteEvent(tx, { code, kind: 'registration', testerInviteId, userId: user.id }, now);
        }
        user.familyId = organization.id;
      } else if (code) {
        const organization = await lockOpenOrganizationByCode(tx, code);
        if (!organization) throw new AppError('INVALID_INVITE_CODE');
        await addToOrganization(tx, user.id, organization.id, now);
        await recordInviteEvent(
          tx,
          { code, kind: 'registration', organizationId: organization.id, userId: user.id },
          now,
        );
        user.familyId = organization.id;
      }
      user.memberSince = now;
      // The first mail speaks the language the form was sent in, whether or not it was saved.
      await queueVerificationEmail(
        tx,
        deps,
        user,
        languageOrDefault(user.languagePreference ?? language),
        now,
      );
      return user;
    });
    deps.kickOutbox();
    return user;
  } catch (error) {
    const violated = isUniqueViolation(error);
    if (violated === 'users_username_key') throw new DomainError('USERNAME_TAKEN');
    if (violated === 'users_email_key') throw new DomainError('EMAIL_TAKEN');
    throw error;
  }
}

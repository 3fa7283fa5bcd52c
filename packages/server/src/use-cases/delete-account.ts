import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { eq } from 'drizzle-orm';
import { deletePaymentPreferences } from '../db/payment-preferences.repository';
import { retriedOnDeadlock } from '../db/pg-errors';
import { deletePushSubscriptionsOf } from '../db/push-subscription.repository';
import {
  notificationPreferences,
  passkeys,
  securityEvents,
  sentReminders,
  sessions,
  users,
  webauthnChallenges,
} from '../db/schema';
import { consumeToken, issueToken } from '../db/token.repository';
import { lockUser, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { verifyPassword } from '../security/passwords';
import { leaveCurrentOrganization } from './leave-current-organization';
import { assertMayLeave } from './membership';

/** Step 1: the password, then a confirmation link by email (valid 1 h). Refused as leaving is. */
export async function requestAccountDeletion(
  deps: Deps,
  user: UserRow,
  password: string,
  asked: Language,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await assertMayLeave(tx, user);
    const token = await issueToken(tx, user.id, 'delete_account', now);
    await enqueueMail(
      tx,
      {
        to: user.email,
        template: 'delete_account',
        language: languageOrDefault(user.languagePreference ?? asked),
        vars: {
          name: user.displayName,
          link: `${deps.config.publicUrl}/delete-account-confirm?token=${token}`,
        },
      },
      now,
    );
  });
  deps.kickOutbox();
}

/**
 * Step 2: erases personal data and keeps the row as an anonymous placeholder, because ledger
 * entries point at it and money records must balance (domain.md).
 */
export async function deleteAccount(deps: Deps, token: string): Promise<void> {
  const now = deps.clock.now();
  // Asked again after a deadlock with an expulsion (pg-errors.ts): rolled back, the token is unused.
  await retriedOnDeadlock(() => eraseAccount(deps, token, now));
  // As after a leave: the fund and the requests may have work for the workers.
  deps.kickOutbox();
  deps.kickDeadlines();
}

async function eraseAccount(deps: Deps, token: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'delete_account', token, now);
    if (!userId) throw new AppError('INVALID_DELETION_TOKEN');
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('INVALID_DELETION_TOKEN');
    await leaveCurrentOrganization(tx, deps, user, now);
    const placeholder = `deleted-${user.id}`;
    await tx
      .update(users)
      .set({
        username: placeholder,
        email: `${placeholder}@deleted.invalid`,
        passwordHash: '!',
        firstName: '',
        lastName: '',
        displayName: '',
        paypalEmail: null,
        emailVerifiedAt: null,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await deletePaymentPreferences(tx, user.id);
    // Nothing may reach a deleted account's browsers.
    await deletePushSubscriptionsOf(tx, user.id);
    // Their choices and the record of reminders given say something about them: gone too
    // (the calendar address already 404s for a deleted account).
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    await tx.delete(sentReminders).where(eq(sentReminders.userId, user.id));
    // Their passkeys (named after their devices) sign nobody in any more; what happened to the
    // account (their browsers) goes with it.
    await tx.delete(passkeys).where(eq(passkeys.userId, user.id));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id));
    await tx.delete(securityEvents).where(eq(securityEvents.userId, user.id));
  });
}

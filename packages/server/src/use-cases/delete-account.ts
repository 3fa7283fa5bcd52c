import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { owesAMember } from '../db/debt.repository';
import { deletePaymentPreferences } from '../db/payment-preferences.repository';
import { retriedOnDeadlock } from '../db/pg-errors';
import { deletePushSubscriptionsOf } from '../db/push-subscription.repository';
import {
  mailMessages,
  notificationPreferences,
  outbox,
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
import { debtsToForgive, forgiveDebtsOwedTo } from './debts/forgive-debts';
import { leaveCurrentOrganization } from './leave-current-organization';
import { assertMayLeave } from './membership';
import { checkMemberPassword, type KnownBrowser } from './password-checks';
import { PASSWORD_RESET_TOPIC } from './request-password-reset';
import { owedElsewhere } from './requests/payouts-owed';
import { refuseIfLastAdmin } from './set-user-role';

/** Step 1: the password, then a confirmation link by email (valid 1 h). Refused as leaving is. */
export async function requestAccountDeletion(
  deps: Deps,
  user: UserRow,
  password: string,
  asked: Language,
  knownBrowser: KnownBrowser = null,
): Promise<void> {
  await checkMemberPassword(deps, user, password, 'INVALID_CREDENTIALS', knownBrowser);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await assertMayLeave(tx, user);
    await refuseWhileOwingAMember(tx, user.id);
    await refuseWhileOwedAPayout(tx, user);
    await debtsToForgive(tx, user.id);
    if (user.role === 'admin') await refuseIfLastAdmin(tx, user.id);
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
 * A member who owes another (a cover not repaid) keeps the account until they repay: deleted,
 * nobody could sign in to repay it, and the one who covered them would wait for ever. Leaving the
 * organization stays allowed: a debt is repaid wherever the two members are.
 */
async function refuseWhileOwingAMember(tx: DbOrTx, userId: string): Promise<void> {
  if (await owesAMember(tx, userId)) throw new AppError('MEMBER_DEBT_OWED');
}

/**
 * A family left (an expelled owner's, ADR 0057) still owes them a request's payout: deleted,
 * nobody could retry it and the family's gift would stay on the platform for good. Their current
 * family's are the leave rule's (`request_payout_unpaid`). Read without the family's lock: a payout
 * owed only moves on to paid, so a stale read refuses, never lets one through.
 */
async function refuseWhileOwedAPayout(tx: DbOrTx, user: UserRow): Promise<void> {
  if ((await owedElsewhere(tx, user)).requests.length > 0) throw new AppError('PAYOUT_OWED_ELSEWHERE');
}

/**
 * What was mailed to the account goes with it: the address and the text (which names the
 * member) of every email, and one still waiting (quiet hours, a retry) is withdrawn, not sent
 * to someone who asked to be forgotten. A reset asked for with the address goes too, waiting or
 * done: the row keeps the address as typed (looked into after the answer, ADR 0056).
 */
async function eraseMailTo(tx: DbOrTx, address: string, placeholder: string): Promise<void> {
  await tx
    .update(mailMessages)
    .set({
      toAddress: placeholder,
      subject: '',
      textBody: '',
      status: sql`case when ${mailMessages.sentAt} is null then 'withdrawn' else ${mailMessages.status} end`,
    })
    .where(eq(mailMessages.toAddress, address));
  await tx.delete(outbox).where(
    and(
      // A literal, so the partial index of migration 0040 serves it whatever the plan.
      sql`${outbox.topic} = ${sql.raw(`'${PASSWORD_RESET_TOPIC}'`)}`,
      sql`lower(${outbox.payload}->>'email') = lower(${address})`,
    ),
  );
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
    await refuseWhileOwedAPayout(tx, user);
    await leaveCurrentOrganization(tx, deps, user, now);
    await refuseWhileOwingAMember(tx, user.id);
    if (user.role === 'admin') await refuseIfLastAdmin(tx, user.id);
    await forgiveDebtsOwedTo(tx, deps, user, now);
    const placeholder = `deleted-${user.id}`;
    await eraseMailTo(tx, user.email, `${placeholder}@deleted.invalid`);
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

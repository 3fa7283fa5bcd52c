import { normalizeInviteCode } from '@giro/domain/organization';
import { findFundOfOrganization } from '../db/fund.repository';
import { lockOpenOrganizationByCode, recordInviteEvent } from '../db/organization.repository';
import { retriedOnDeadlock } from '../db/pg-errors';
import { lockUser } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { leaveCurrentOrganization } from './leave-current-organization';
import { addToOrganization } from './membership';

/**
 * Joins by invite code. From account settings this is "join another organization": the
 * current one is left first, under the leave rule, in the same transaction.
 */
export async function joinOrganization(deps: Deps, userId: string, rawCode: string): Promise<string> {
  const code = normalizeInviteCode(rawCode);
  const now = deps.clock.now();
  // Two members swapping organizations at the same moment each hold their new organization's
  // row and wait for their old one's (the leave counts its members under it): PostgreSQL ends
  // one of them as a deadlock, which is only asked again.
  return retriedOnDeadlock(() => joinOnce(deps, userId, code, now));
}

async function joinOnce(deps: Deps, userId: string, code: string, now: Date): Promise<string> {
  const joined = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const organization = await lockOpenOrganizationByCode(tx, code);
    if (!organization) throw new AppError('INVALID_INVITE_CODE');
    if (user.familyId === organization.id) throw new AppError('ALREADY_IN_ORGANIZATION');
    // Expulsion is for good (SPEC): the code the family still shares must not undo it.
    const fund = await findFundOfOrganization(tx, organization.id);
    if (fund?.state.expelled.includes(user.id)) throw new AppError('EXPELLED_FROM_ORGANIZATION');
    await leaveCurrentOrganization(tx, deps, user, now);
    await addToOrganization(tx, user.id, organization.id, now);
    await recordInviteEvent(
      tx,
      { code, kind: 'join', organizationId: organization.id, userId: user.id },
      now,
    );
    return organization.id;
  });
  deps.kickOutbox();
  deps.kickDeadlines();
  return joined;
}

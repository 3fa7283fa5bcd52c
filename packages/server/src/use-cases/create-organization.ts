import type { CreateOrganizationBody } from '@giro/contract/organization';
import { normalizeInviteCode } from '@giro/domain/organization';
import { insertOrganization, type OrganizationRow, recordInviteEvent } from '../db/organization.repository';
import { claimTesterInvite } from '../db/tester-invite.repository';
import { lockUser } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { addToOrganization } from './membership';

/**
 * Creates an organization with the caller as its first member; needs no current membership.
 * Like registration, with REGISTRATION=invite-only it needs a tester invite (domain.md,
 * Private testing), which it uses up in the same transaction.
 */
export async function createOrganization(
  deps: Deps,
  userId: string,
  input: CreateOrganizationBody,
): Promise<OrganizationRow> {
  const code = input.inviteCode ? normalizeInviteCode(input.inviteCode) : undefined;
  if (!code && deps.config.registration === 'invite-only') throw new AppError('TESTER_INVITE_REQUIRED');
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.familyId) throw new AppError('ALREADY_IN_ORGANIZATION');
    const testerInviteId = code
      ? await claimTesterInvite(tx, code, user.email.toLowerCase(), user.id, now)
      : undefined;
    const organization = await insertOrganization(tx, { name: input.name, type: input.type }, now);
    await addToOrganization(tx, user.id, organization.id, now);
    if (code) await recordInviteEvent(tx, { code, kind: 'join', testerInviteId, userId: user.id }, now);
    return organization;
  });
  deps.kickOutbox();
  return created;
}

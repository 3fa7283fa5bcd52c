import type { OrganizationType } from '@giro/domain/organization';
import { insertOrganization, type OrganizationRow } from '../db/organization.repository';
import { lockUser } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { addToOrganization } from './membership';

/** Creates an organization with the caller as its first member; needs no current membership. */
export async function createOrganization(
  deps: Deps,
  userId: string,
  input: { name: string; type: OrganizationType },
): Promise<OrganizationRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.familyId) throw new AppError('ALREADY_IN_ORGANIZATION');
    const organization = await insertOrganization(tx, input, now);
    await addToOrganization(tx, user.id, organization.id, now);
    return organization;
  });
}

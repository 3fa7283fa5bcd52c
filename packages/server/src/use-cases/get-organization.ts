import type { Member, Organization } from '@giro/contract/organization';
import type { OrganizationType } from '@giro/domain/organization';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { memberTotals, organizationContributions } from '../db/ledger.queries';
import { countMembers, findOrganization } from '../db/organization.repository';
import { users } from '../db/schema';
import type { UserRow } from '../db/user.repository';
import { AppError } from '../errors';

/** GET /api/family: the caller's organization only. */
export async function getOrganization(db: DbOrTx, user: UserRow): Promise<Organization> {
  if (!user.familyId) throw new AppError('NOT_IN_ORGANIZATION');
  const organization = await findOrganization(db, user.familyId);
  if (!organization) throw new AppError('NOT_IN_ORGANIZATION');
  const [memberCount, totalContributionsCents] = await Promise.all([
    countMembers(db, organization.id),
    organizationContributions(db, organization.id),
  ]);
  return {
    id: organization.id,
    name: organization.name,
    type: organization.type as OrganizationType,
    inviteCode: organization.inviteCode,
    memberCount,
    totalContributionsCents,
    memberSince: (user.memberSince ?? user.createdAt).toISOString(),
  };
}

/** The members with their totals, most given first: the contribution leaderboard. */
export async function listMembers(db: DbOrTx, organizationId: string): Promise<Member[]> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(eq(users.familyId, organizationId), isNull(users.deletedAt)))
      .orderBy(asc(users.memberSince)),
    memberTotals(db, organizationId),
  ]);
  return rows
    .map((row) => {
      const total = totals.get(row.id) ?? { givenCents: 0, receivedCents: 0 };
      return {
        id: row.id,
        displayName: row.displayName,
        username: row.username,
        memberSince: (row.memberSince ?? row.createdAt).toISOString(),
        strikes: row.strikes,
        totalGivenCents: total.givenCents,
        totalReceivedCents: total.receivedCents,
      };
    })
    .sort((a, b) => b.totalGivenCents - a.totalGivenCents);
}

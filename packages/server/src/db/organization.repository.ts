import type { OrganizationType } from '@giro/domain/organization';
import { and, count, eq, isNull } from 'drizzle-orm';
import { newInviteCode } from '../security/tokens';
import type { DbOrTx } from './client';
import { inviteEvents, organizations, users } from './schema';

export type OrganizationRow = typeof organizations.$inferSelect;
export type InviteEventKind = 'visit' | 'registration' | 'join' | 'conversion' | 'issued' | 'revoked';

export async function insertOrganization(
  tx: DbOrTx,
  input: { name: string; type: OrganizationType },
  now: Date,
): Promise<OrganizationRow> {
  // 31^8 codes: a collision is rare enough that one fresh draw per clash settles it.
  for (;;) {
    const [row] = await tx
      .insert(organizations)
      .values({ name: input.name, type: input.type, inviteCode: newInviteCode(), createdAt: now })
      .onConflictDoNothing({ target: organizations.inviteCode })
      .returning();
    if (row) return row;
  }
}

const openByCode = (tx: DbOrTx, code: string) =>
  tx
    .select()
    .from(organizations)
    .where(and(eq(organizations.inviteCode, code), isNull(organizations.closedAt)))
    .limit(1);

export async function findOpenOrganizationByCode(
  tx: DbOrTx,
  code: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await openByCode(tx, code);
  return row;
}

/**
 * The open organization a member is joining, locked until the join commits: its last member
 * leaving at the same moment closes it either before (then it is not found: PostgreSQL reads
 * the row again once the leave commits) or after the join (then it counts the joiner).
 */
export async function lockOpenOrganizationByCode(
  tx: DbOrTx,
  code: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await openByCode(tx, code).for('no key update');
  return row;
}

/** Locks the organization's row against joins while its members are counted (the last one out closes it). */
export async function lockOrganizationMembership(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for('no key update');
}

export async function findOrganization(tx: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

export async function countMembers(tx: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.familyId, organizationId), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

export async function recordInviteEvent(
  tx: DbOrTx,
  event: {
    code: string;
    kind: InviteEventKind;
    organizationId?: string;
    testerInviteId?: string;
    userId?: string;
  },
  now: Date,
): Promise<void> {
  await tx.insert(inviteEvents).values({ ...event, createdAt: now });
}

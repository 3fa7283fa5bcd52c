import type { MemberDebt } from '@giro/domain/debts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { memberDebts } from './schema';

export type DebtRow = typeof memberDebts.$inferSelect;

/** A cover that counts makes a pending debt; the same cover never makes two (its id is the contribution's). */
export async function insertPendingDebt(
  tx: DbOrTx,
  debt: { id: string; organizationId: string; debtorId: string; creditorId: string; amountCents: number },
  now: Date,
): Promise<void> {
  await tx
    .insert(memberDebts)
    .values({ ...debt, reason: 'cover', status: 'pending', createdAt: now })
    .onConflictDoNothing({ target: memberDebts.id });
}

/** The round paid out: its covers cannot be undone any more, their debts are due. */
export async function openDebts(
  tx: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; debtorId: string; creditorId: string; amountCents: number }[]> {
  if (ids.length === 0) return [];
  return tx
    .update(memberDebts)
    .set({ status: 'open' })
    .where(and(inArray(memberDebts.id, [...ids]), eq(memberDebts.status, 'pending')))
    .returning({
      id: memberDebts.id,
      debtorId: memberDebts.debtorId,
      creditorId: memberDebts.creditorId,
      amountCents: memberDebts.amountCents,
    });
}

/** The cover was undone before the payout (a card declined, money due back): no debt. */
export async function cancelPendingDebts(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(memberDebts)
    .set({ status: 'cancelled' })
    .where(and(inArray(memberDebts.id, [...ids]), eq(memberDebts.status, 'pending')));
}

/** Whether the member still owes another member: a debt not settled or cancelled. */
export async function owesAMember(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberDebts.id })
    .from(memberDebts)
    .where(
      and(eq(memberDebts.debtorId, userId), inArray(memberDebts.status, ['pending', 'open', 'settling'])),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a cover of this member's waits in a round not paid out (read, not locked). */
export async function hasPendingDebtOwedTo(db: DbOrTx, creditorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberDebts.id })
    .from(memberDebts)
    .where(and(eq(memberDebts.creditorId, creditorId), eq(memberDebts.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/**
 * What is still owed to a member (open, or being repaid through the platform), locked in the
 * debts' order: a debtor's settlement of one of them waits here, or is waited for. Pending ones
 * are not locked: a round's payout opens them under its own locks (a deadlock otherwise).
 */
export function lockDebtsOwedTo(tx: DbOrTx, creditorId: string): Promise<DebtRow[]> {
  return tx
    .select()
    .from(memberDebts)
    .where(and(eq(memberDebts.creditorId, creditorId), inArray(memberDebts.status, ['open', 'settling'])))
    .orderBy(memberDebts.id)
    .for('update');
}

/** A debt by id, locked: two settlements of one debt, or a settlement and its payment's outcome, are serialised here. */
export async function lockDebtById(tx: DbOrTx, id: string): Promise<DebtRow | undefined> {
  const [row] = await tx.select().from(memberDebts).where(eq(memberDebts.id, id)).for('update');
  return row;
}

export async function updateDebt(
  tx: DbOrTx,
  id: string,
  change: Partial<
    Pick<DebtRow, 'status' | 'repaymentDeclaredAt' | 'settledAt' | 'settledBy' | 'settlementId'>
  >,
): Promise<DebtRow> {
  const [row] = await tx.update(memberDebts).set(change).where(eq(memberDebts.id, id)).returning();
  return row!;
}

/** The member's debts as debtor and as creditor, newest first (cancelled ones are not shown). */
export function debtsOf(db: DbOrTx, userId: string): Promise<DebtRow[]> {
  return db
    .select()
    .from(memberDebts)
    .where(
      and(
        or(eq(memberDebts.debtorId, userId), eq(memberDebts.creditorId, userId)),
        sql`${memberDebts.status} <> 'cancelled'`,
      ),
    )
    .orderBy(sql`${memberDebts.createdAt} desc`);
}

export const asMemberDebt = (row: DebtRow): MemberDebt => ({
  id: row.id,
  debtorId: row.debtorId,
  creditorId: row.creditorId,
  amountCents: row.amountCents,
  status: row.status,
  repaymentDeclaredAt: row.repaymentDeclaredAt?.getTime() ?? null,
});

/** What each member of the organization owes others and has not repaid (pending or open debts), in cents. */
export async function unpaidDebtsByDebtor(db: DbOrTx, organizationId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ debtorId: memberDebts.debtorId, cents: sql<string>`sum(${memberDebts.amountCents})` })
    .from(memberDebts)
    .where(
      and(eq(memberDebts.organizationId, organizationId), inArray(memberDebts.status, ['pending', 'open'])),
    )
    .groupBy(memberDebts.debtorId);
  return new Map(rows.map((row) => [row.debtorId, Number(row.cents)]));
}

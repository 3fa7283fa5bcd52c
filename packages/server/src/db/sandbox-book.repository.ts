import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { sandboxCharges, sandboxMovements } from './schema';

export type SandboxMovementKind = 'capture' | 'refund' | 'payout';

/** Books money the sandbox moved, once per ref (a call repeated after a restart books nothing). */
export async function bookSandboxMovement(
  db: DbOrTx,
  movement: { ref: string; kind: SandboxMovementKind; chargeRef: string | null; amountCents: number },
): Promise<void> {
  await db.insert(sandboxMovements).values(movement).onConflictDoNothing();
}

/** A charge as the sandbox holds it: captured and refunded so far; null for a charge it never made. */
export async function sandboxChargeTotals(db: DbOrTx, chargeRef: string) {
  const [charge] = await db
    .select({ ref: sandboxCharges.ref })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.ref, chargeRef));
  if (!charge) return null;
  const [totals] = await db
    .select({
      capturedCents: sql<string>`coalesce(sum(${sandboxMovements.amountCents}) filter (where ${sandboxMovements.kind} = 'capture'), 0)`,
      refundedCents: sql<string>`coalesce(sum(${sandboxMovements.amountCents}) filter (where ${sandboxMovements.kind} = 'refund'), 0)`,
    })
    .from(sandboxMovements)
    .where(eq(sandboxMovements.chargeRef, chargeRef));
  return {
    capturedCents: Number(totals?.capturedCents ?? 0),
    refundedCents: Number(totals?.refundedCents ?? 0),
  };
}

/** What a sandbox payout sent; null for one it never made. */
export async function sandboxPayoutAmount(db: DbOrTx, ref: string): Promise<number | null> {
  const [row] = await db
    .select({ amountCents: sandboxMovements.amountCents })
    .from(sandboxMovements)
    .where(and(eq(sandboxMovements.ref, ref), eq(sandboxMovements.kind, 'payout')));
  return row?.amountCents ?? null;
}

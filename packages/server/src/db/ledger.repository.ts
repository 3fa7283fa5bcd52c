import { isBalanced, type LedgerTransaction } from '@giro/domain/ledger';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { ledgerEntries, ledgerTransactions } from './schema';

/**
 * Books the domain's postings in the caller's transaction. A posting's key is unique, so a
 * posting that was already booked (a replayed command, a retried job) is skipped, never doubled;
 * an unbalanced one is a bug and aborts the whole transaction.
 */
export async function bookPostings(
  tx: DbOrTx,
  organizationId: string,
  postings: readonly LedgerTransaction[],
  now: Date,
): Promise<void> {
  for (const posting of postings) {
    if (!isBalanced(posting)) throw new Error(`unbalanced posting ${posting.key}`);
    const [row] = await tx
      .insert(ledgerTransactions)
      .values({ organizationId, kind: posting.kind, idempotencyKey: posting.key, createdAt: now })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    if (!row) continue;
    await tx.insert(ledgerEntries).values(
      posting.entries.map((entry) => ({
        transactionId: row.id,
        organizationId,
        account: entry.account,
        userId: entry.userId,
        amountCents: entry.amountCents,
      })),
    );
  }
}

/** The organization's journal in the domain's shape, for the invariant checks of the tests. */
export async function readJournal(db: DbOrTx, organizationId: string): Promise<LedgerTransaction[]> {
  const transactions = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.organizationId, organizationId));
  if (transactions.length === 0) return [];
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.transactionId,
        transactions.map((t) => t.id),
      ),
    );
  return transactions.map((t) => ({
    kind: t.kind,
    key: t.idempotencyKey ?? t.id,
    entries: entries
      .filter((e) => e.transactionId === t.id)
      .map((e) => ({ account: e.account, userId: e.userId, amountCents: e.amountCents })),
  }));
}

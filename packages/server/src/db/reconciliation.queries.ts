import { desc, eq, inArray, lt, max, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './insights/rows';
import { paymentOperations, reconciliations } from './schema';

/**
 * A captured-or-held charge to compare with its provider: what the ledger booked for its
 * contribution at `provider-held:<method>` (its capture, less its refund) under the keys the
 * fund's and the request's postings use (ADR 0030). A debt's repayment through the platform
 * books nothing until its creditor is paid: then what the debtor gave, under
 * `member-debt-repaid:<debt>`, for the attempt that settled it (`contributionId` is that
 * attempt's settlement id); an attempt that failed is given back, zero on both sides.
 */
export interface ChargeToReconcile {
  operationId: string;
  organizationId: string;
  contributionId: string;
  /** What the charge paid for, as the admin's page names it: `contribution:<id>` or `debt-repayment:<id>`. */
  subject: string;
  method: 'card' | 'paypal';
  providerRef: string;
  ledgerCents: number;
}

/**
 * Which operations a run reads: at most `limit` of those due (never compared, found different, or
 * moved since, first; then the longest ago), or exactly the ones named (a difference's second read).
 */
export type ReconcileSelection = { limit: number } | { only: string[] };

/** The selection's SQL tail: its filter, the rotation's order, and its bound. */
function selected(selection: ReconcileSelection) {
  return 'only' in selection
    ? sql`AND ${inArray(sql`o.id`, selection.only)} ORDER BY o.created_at, o.id`
    : sql`ORDER BY o.reconciled_at ASC NULLS FIRST, o.created_at, o.id LIMIT ${selection.limit}`;
}

/** Charges the provider made for funds, requests and debt repayments, booked under ADR 0030. */
export async function chargesToReconcile(
  db: DbOrTx,
  selection: ReconcileSelection,
): Promise<ChargeToReconcile[]> {
  const rows = await rowsOf<Omit<ChargeToReconcile, 'ledgerCents'> & { ledgerCents: string }>(
    db,
    sql`
      SELECT o.id AS "operationId", o.organization_id AS "organizationId",
        o.request->>'contributionId' AS "contributionId", o.request->>'method' AS "method",
        o.provider_ref AS "providerRef",
        CASE o.request->'target'->>'type' WHEN 'debt' THEN 'debt-repayment:' ELSE 'contribution:' END
          || (o.request->>'contributionId') AS subject,
        (coalesce((
          SELECT sum(e.amount_cents) FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE t.idempotency_key IN (
              'contribution:' || (o.request->>'contributionId'), 'refund:' || (o.request->>'contributionId'),
              'request-capture:' || (o.request->>'contributionId'),
              'request-refund:' || (o.request->>'contributionId'))
            AND e.account = 'provider-held:' || (o.request->>'method')
        ), 0) + coalesce((
          SELECT -sum(e.amount_cents) FROM member_debts d
          JOIN ledger_transactions t ON t.idempotency_key = 'member-debt-repaid:' || d.id::text
          JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE o.request->'target'->>'type' = 'debt' AND d.id = (o.request->'target'->>'id')::uuid
            AND d.settlement_id = (o.request->>'contributionId')::uuid
            -- Settled through the platform by this attempt: a failed attempt keeps its id on a debt
            -- repaid by hand afterwards, and gave its money back (zero at the provider).
            AND d.status = 'settled' AND d.settled_by = o.request->>'method'
            AND e.account = 'funding:' || d.debtor_id::text
        ), 0))::text AS "ledgerCents"
      FROM payment_operations o
      WHERE o.kind = 'charge' AND o.status = 'succeeded' AND o.reconcilable
        AND o.provider_ref IS NOT NULL AND o.request->>'method' IN ('card', 'paypal')
        AND o.request->'target'->>'type' IN ('fund', 'request', 'debt') ${selected(selection)}`,
  );
  return rows.map((row) => ({ ...row, ledgerCents: Number(row.ledgerCents) }));
}

/**
 * A payout the provider confirmed, with the net the ledger paid for it: the entries to the
 * recipient's `payout:` account in the payout's transaction (a fund round's key is its subject
 * without the attempt's time; a request's is `request-payout:<id>`), null when none was booked.
 */
export interface PayoutToReconcile {
  operationId: string;
  organizationId: string;
  subject: string;
  providerRef: string;
  /** A split payout's PayPal part (`providerRef` is then the account part's). */
  paypalRef: string | null;
  netCents: number;
  paypalNetCents: number;
  ledgerCents: number | null;
}

export async function payoutsToReconcile(
  db: DbOrTx,
  selection: ReconcileSelection,
): Promise<PayoutToReconcile[]> {
  const rows = await rowsOf<{
    operationId: string;
    organizationId: string;
    subject: string;
    providerRef: string;
    paypalRef: string | null;
    netCents: string;
    paypalNetCents: string;
    ledgerCents: string | null;
  }>(
    db,
    sql`
      SELECT o.id AS "operationId", o.organization_id AS "organizationId", o.subject,
        o.provider_ref AS "providerRef", o.paypal_ref AS "paypalRef", (o.request->>'netCents') AS "netCents",
        coalesce(o.request->'paypal'->>'netCents', '0') AS "paypalNetCents",
        (
          SELECT sum(e.amount_cents)::text FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE t.idempotency_key = CASE o.request->'target'->>'type'
              WHEN 'debt' THEN 'member-debt-repaid:' || (o.request->'target'->>'id')
              ELSE array_to_string((string_to_array(o.subject, ':'))[1:
                CASE o.request->'target'->>'type' WHEN 'fund' THEN 4 ELSE 2 END], ':') END
            AND e.account LIKE 'payout:%'
        ) AS "ledgerCents"
      FROM payment_operations o
      WHERE o.kind = 'payout' AND o.status = 'succeeded' AND o.reconcilable
        AND o.provider_ref IS NOT NULL AND o.provider_ref <> 'nothing-to-pay'
        AND o.request->'target'->>'type' IN ('fund', 'request', 'debt') ${selected(selection)}`,
  );
  return rows.map((row) => ({
    ...row,
    netCents: Number(row.netCents),
    paypalNetCents: Number(row.paypalNetCents),
    ledgerCents: row.ledgerCents === null ? null : Number(row.ledgerCents),
  }));
}

/**
 * A split payout's PayPal part that went out with an attempt whose account part then failed:
 * the ledger books it only with the attempt that succeeds (which keeps its reference), so until
 * then PayPal has paid money the ledger still holds. `retrying`: another attempt at the same
 * payout is under way, and may be booking it right now.
 */
export interface PaypalPartUnbooked {
  operationId: string;
  organizationId: string;
  subject: string;
  paypalRef: string;
  retrying: boolean;
}

/**
 * Failed payout attempts whose PayPal part went out and that no attempt since has succeeded
 * with (an attempt that pays the rest keeps the same PayPal reference); of several failed
 * attempts of one payout, which all keep that reference, the latest only: one part, read once. Few: only split payouts
 * keep a PayPal reference, and its index (payment_operations_paypal_part_idx) finds them; an
 * attempt under way is among the few unfinished payouts and refunds (payment_operations_completed_idx).
 */
export async function paypalPartsUnbooked(
  db: DbOrTx,
  selection: ReconcileSelection,
): Promise<PaypalPartUnbooked[]> {
  return rowsOf<PaypalPartUnbooked>(
    db,
    sql`
      SELECT o.id AS "operationId", o.organization_id AS "organizationId", o.subject,
        o.paypal_ref AS "paypalRef",
        EXISTS (
          SELECT 1 FROM payment_operations r
          WHERE r.kind <> 'charge' AND r.completed_at IS NULL AND r.kind = 'payout'
            AND (r.request->'paypal'->>'key') = (o.request->'paypal'->>'key')
        ) AS retrying
      FROM payment_operations o
      WHERE o.kind = 'payout' AND o.status = 'failed' AND o.paypal_ref IS NOT NULL AND o.reconcilable
        AND o.request->'target'->>'type' IN ('fund', 'request')
        AND NOT EXISTS (
          SELECT 1 FROM payment_operations s
          WHERE (s.request->'paypal'->>'key') = (o.request->'paypal'->>'key')
            AND s.paypal_ref IS NOT NULL AND s.kind = 'payout'
            AND (s.status = 'succeeded' OR (s.status = 'failed' AND (s.created_at, s.id) > (o.created_at, o.id)))
        ) ${selected(selection)}`,
  );
}

/**
 * The contributions whose money an open operation is moving right now (a charge still placed or
 * waiting for its payer, a payout capturing it, a refund giving it back): the provider may
 * already have acted while the ledger books it only when the outcome is recorded.
 */
export async function contributionsInFlight(db: DbOrTx): Promise<Set<string>> {
  // And a debt's repayment between its charge and its payout: PayPal's money is captured at the
  // charge, and the ledger books it only once the creditor is paid.
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`${contributionsMovedBy(sql`o.status IN ('pending', 'awaiting_payer', 'expiring')`)}
      UNION SELECT d.settlement_id::text FROM member_debts d
      WHERE d.status = 'settling' AND d.settlement_id IS NOT NULL`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The contributions whose money the operations matching `where` move (as `id`): a charge's or
 * a refund's own, and the holds a payout captures.
 */
const contributionsMovedBy = (where: SQL) => sql`
  SELECT o.request->>'contributionId' AS id FROM payment_operations o
  WHERE ${where} AND o.request->>'contributionId' IS NOT NULL
  UNION
  SELECT jsonb_array_elements_text(o.request->'captures') FROM payment_operations o
  WHERE ${where} AND o.kind = 'payout' AND jsonb_typeof(o.request->'captures') = 'array'
  UNION
  -- A debt's payout moves its repayment's charge (subject debt-payout:<settlement>), a PayPal one too,
  -- which captures nothing: the ledger books the charge's money only when the payout is paid.
  SELECT split_part(o.subject, ':', 2) FROM payment_operations o
  WHERE ${where} AND o.kind = 'payout' AND o.request->'target'->>'type' = 'debt'`;

/**
 * A charge already found agreeing goes first again when its money moved since `since`: a refund,
 * or a payout that captured its hold, finished. Else a mistake in that later move would wait for
 * the rotation to come round to the charge.
 */
export async function requeueMovedCharges(db: DbOrTx, since: Date): Promise<void> {
  const moved = contributionsMovedBy(
    sql`o.kind <> 'charge' AND o.completed_at >= ${since.toISOString()}::timestamptz`,
  );
  await db.execute(sql`
    WITH moved AS (${moved})
    UPDATE payment_operations c SET reconciled_at = NULL FROM moved
    WHERE c.kind = 'charge' AND c.request->>'contributionId' = moved.id AND c.reconciled_at IS NOT NULL`);
}

/**
 * After a run: what agreed goes to the back of the rotation, what differed stays at its front
 * (null), so a difference is read again by every run until it is put right. What was passed
 * over as in flight goes to the back too: it comes first again when its money moves
 * (`requeueMovedCharges`), and a run's places are not kept by operations that never finish.
 */
export async function markReconciled(
  db: DbOrTx,
  outcome: { agreed: string[]; passed: string[]; differed: string[] },
  now: Date,
): Promise<void> {
  const back = [...outcome.agreed, ...outcome.passed];
  if (back.length)
    await db.update(paymentOperations).set({ reconciledAt: now }).where(inArray(paymentOperations.id, back));
  if (outcome.differed.length)
    await db
      .update(paymentOperations)
      .set({ reconciledAt: null })
      .where(inArray(paymentOperations.id, outcome.differed));
}

/** When the run before `id` started, null before the first: what moved since then is read again. */
export async function previousRunStart(db: DbOrTx, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: max(reconciliations.startedAt) })
    .from(reconciliations)
    .where(ne(reconciliations.id, id));
  return row?.startedAt ?? null;
}

export type ReconciliationRow = typeof reconciliations.$inferSelect;

export async function startReconciliation(
  db: DbOrTx,
  trigger: 'hourly' | 'admin',
  provider: string,
  now: Date,
) {
  const [row] = await db.insert(reconciliations).values({ trigger, provider, startedAt: now }).returning();
  return row!;
}

export async function finishReconciliation(
  db: DbOrTx,
  id: string,
  result: Pick<ReconciliationRow, 'checked' | 'inFlight' | 'differences' | 'error'>,
  now: Date,
) {
  const [row] = await db
    .update(reconciliations)
    .set({ ...result, finishedAt: now })
    .where(eq(reconciliations.id, id))
    .returning();
  return row!;
}

/** Drops the runs that started before `before` (the hourly run keeps 90 days of them). */
export async function pruneReconciliations(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(reconciliations).where(lt(reconciliations.startedAt, before));
}

/** The newest run that finished (one under way shows once it is done). */
export async function lastReconciliation(db: DbOrTx): Promise<ReconciliationRow | null> {
  const [row] = await db
    .select()
    .from(reconciliations)
    .where(sql`${reconciliations.finishedAt} IS NOT NULL`)
    .orderBy(desc(reconciliations.finishedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Starts the hourly run unless one started within the hour (by any instance, or an admin's):
 * null when it is not due. Two instances asking at once start it once: each takes a
 * transaction-scoped advisory lock in a statement of its own, and only the one holding it looks
 * for a run within the hour and inserts one. The look must come in a later statement: under READ
 * COMMITTED a statement sees what had committed when it began, so a lock taken inside the insert
 * itself (as it was) could be granted the moment another instance committed its run, to a
 * statement whose snapshot was taken just before that commit and so did not see the run: two
 * runs, which test/reconciliation.test.ts's three claims at once caught on PostgreSQL.
 */
export async function claimHourlyReconciliation(
  db: DbOrTx,
  provider: string,
  now: Date,
): Promise<ReconciliationRow | null> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const id = await db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ taken: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${RECONCILIATION_LOCK}) AS taken`,
    );
    // Another instance is starting it right now.
    if (!lock?.taken) return null;
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`
        INSERT INTO reconciliations (trigger, provider, started_at)
        SELECT 'hourly', ${provider}, ${now.toISOString()}::timestamptz
        WHERE NOT EXISTS (SELECT 1 FROM reconciliations WHERE started_at > ${hourAgo.toISOString()}::timestamptz)
        RETURNING id`,
    );
    return row?.id ?? null;
  });
  if (!id) return null;
  const [claimed] = await db.select().from(reconciliations).where(eq(reconciliations.id, id));
  return claimed ?? null;
}

/** The advisory lock key of the hourly claim (any constant unique among the app's locks). */
const RECONCILIATION_LOCK = 170_030;

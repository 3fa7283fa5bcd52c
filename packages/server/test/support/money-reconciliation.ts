import type { FundState } from '@giro/domain/fund/fund-types';
import { type LedgerTransaction, PAYOUT_PREFIX, PROVIDER_HELD_PREFIX } from '@giro/domain/ledger';
import type { PaymentRequest } from '../../src/payments/payment-operations';
import type { MoneyCall } from './recording-provider';

export interface OperationRow {
  id: string;
  kind: string;
  subject: string;
  status: string;
  request: unknown;
  providerRef: string | null;
}

export interface Reconciliation {
  problems: string[];
  /** Card holds captured for a payout that then failed: booked as held at the provider since. */
  capturedAhead: number;
}

const isProviderHeld = (account: string) => account.startsWith(PROVIDER_HELD_PREFIX);

/** What a posting put on accounts of one kind, by its key. */
function postedOn(journal: readonly LedgerTransaction[], key: string, on: (account: string) => boolean) {
  return journal
    .filter((t) => t.key === key)
    .flatMap((t) => t.entries)
    .filter((e) => on(e.account))
    .reduce((sum, e) => sum + e.amountCents, 0);
}

/**
 * No money moved twice, and the provider's book agrees with the ledger (domain.md, Money):
 * per contribution, at most one charge, capture and refund took money at the provider, a hold
 * is never captured after it was released, and what the provider holds for it (taken less
 * given back) is what the ledger booked as held at that provider for it, also when a payout
 * failed after capturing it; per round, at most one payout reached
 * the recipient, for exactly the net the ledger paid. Anything with an operation still pending
 * is left for a later look.
 */
export function reconcileMoney(
  fund: FundState,
  calls: readonly MoneyCall[],
  operations: readonly OperationRow[],
  journal: readonly LedgerTransaction[],
): Reconciliation {
  const problems: string[] = [];
  const ops = new Map(operations.map((op) => [op.id, op]));
  const requestOf = (op: OperationRow) => op.request as PaymentRequest;

  // The provider's movements: the first answer to each key (a repeated key is answered the same).
  type Movement = { order: number; amountCents: number };
  const charged = new Map<string, Movement[]>();
  const captured = new Map<string, Movement[]>();
  const refunded = new Map<string, Movement[]>();
  const paidOut = new Map<string, Movement[]>();
  const add = (map: Map<string, Movement[]>, key: string, movement: Movement) =>
    map.set(key, [...(map.get(key) ?? []), movement]);
  const first = new Map<string, MoneyCall>();
  calls.forEach((call, order) => {
    const id = `${call.kind}:${call.idempotencyKey}`;
    const known = first.get(id);
    if (known) {
      if (known.ok !== call.ok) problems.push(`provider answered ${id} differently the second time`);
      return;
    }
    first.set(id, call);
    if (!call.ok) return;
    const movement = { order, amountCents: call.amountCents };
    if (call.kind === 'capture') {
      // A capture names its hold by the provider's reference, whatever its own key.
      const hold = operations.find((op) => op.kind === 'charge' && op.providerRef === call.ref);
      const request = hold && requestOf(hold);
      if (request?.kind === 'charge') add(captured, request.contributionId, movement);
      else problems.push(`a capture of ${call.ref}, which no charge of ours holds`);
      return;
    }
    const op = ops.get(call.idempotencyKey);
    if (!op) {
      problems.push(`a ${call.kind} under ${call.idempotencyKey}, which no payment operation asked for`);
      return;
    }
    const request = requestOf(op);
    if (request.kind === 'charge' && call.kind === 'charge') add(charged, request.contributionId, movement);
    else if (request.kind === 'refund' && call.kind === 'refund')
      add(refunded, request.contributionId, movement);
    else if (request.kind === 'payout' && call.kind === 'payout')
      add(paidOut, op.subject.split(':').slice(1, 4).join(':'), movement);
    else problems.push(`a ${call.kind} under the key of a ${request.kind} operation ${op.id}`);
  });

  const pending = operations.filter((op) => op.status === 'pending').map(requestOf);
  const busy = new Set(pending.flatMap((r) => (r.kind === 'payout' ? r.captures : [r.contributionId])));
  const busyRounds = new Set(
    operations
      .filter((op) => op.status === 'pending' && op.kind === 'payout')
      .map((op) => op.subject.split(':').slice(1, 4).join(':')),
  );

  // A payout captures the round's holds first; when the payout itself then fails, the money is
  // captured, and the ledger must say so (it stays held at the provider until paid or refunded).
  const failedPayouts = operations
    .filter((op) => op.kind === 'payout' && op.status === 'failed')
    .map(requestOf);
  let capturedAhead = 0;
  const charges = operations.filter((op) => op.kind === 'charge');
  for (const op of charges) {
    const request = requestOf(op);
    if (request.kind !== 'charge') continue;
    const id = request.contributionId;
    const taken = charged.get(id) ?? [];
    const captures = captured.get(id) ?? [];
    const givenBack = refunded.get(id) ?? [];
    if (taken.length > 1) problems.push(`contribution ${id} charged ${taken.length} times`);
    if (captures.length > 1) problems.push(`contribution ${id} captured ${captures.length} times`);
    if (givenBack.length > 1) problems.push(`contribution ${id} refunded ${givenBack.length} times`);
    if (captures.length > 0 && taken.length === 0)
      problems.push(`contribution ${id} captured without a hold`);
    const release = givenBack[0];
    if (request.method === 'card' && release && captures.some((c) => c.order > release.order))
      problems.push(`contribution ${id} captured after its hold was released`);
    if (busy.has(id)) continue;

    const moneyIn = request.method === 'paypal' ? taken : captures;
    const inCents = moneyIn[0]?.amountCents ?? 0;
    const backCents = inCents > 0 && release && release.order > moneyIn[0]!.order ? release.amountCents : 0;
    const providerNet = inCents - backCents;
    const ledgerNet =
      postedOn(journal, `contribution:${id}`, isProviderHeld) +
      postedOn(journal, `refund:${id}`, isProviderHeld);
    const contribution = fund.contributions.find((c) => c.id === id);
    if (
      request.method === 'card' &&
      captures.length > 0 &&
      failedPayouts.some((r) => r.kind === 'payout' && r.captures.includes(id))
    )
      capturedAhead++;
    if (providerNet === ledgerNet) continue;
    problems.push(
      `contribution ${id} (${request.method}, ${contribution?.status ?? 'not recorded'}): provider holds ${providerNet}, ledger ${ledgerNet}`,
    );
  }

  const rounds = new Set([
    ...paidOut.keys(),
    ...journal
      .filter((t) => t.kind === 'payout' && t.key.startsWith(`payout:${fund.fundId}:`))
      .map((t) => t.key.split(':').slice(1, 4).join(':')),
  ]);
  for (const round of rounds) {
    if (busyRounds.has(round)) continue;
    const payouts = paidOut.get(round) ?? [];
    if (payouts.length > 1) problems.push(`round ${round} paid out ${payouts.length} times`);
    const providerCents = payouts.reduce((sum, p) => sum + p.amountCents, 0);
    const ledgerCents = postedOn(journal, `payout:${round}`, (a) => a.startsWith(PAYOUT_PREFIX));
    if (providerCents !== ledgerCents)
      problems.push(`round ${round}: provider paid ${providerCents}, ledger ${ledgerCents}`);
  }
  return { problems, capturedAhead };
}

import type { DbOrTx } from '../client';
import { counterSeries, counterTotals, sumOf } from './counters.queries';

/**
 * Platform-wide figures for the admin statistics page, from the insight counters. Money comes
 * from the ledger only (domain.md, Money): moved is what left members' funding sources, net of
 * refunds; since every transaction balances, moved = paid out + fees + still in escrow. Unlike
 * the dashboard's "given", it counts a repayment between members as money moved and paid out
 * (ADR 0058): the platform did move it when paid through it, and the counters are kept by the
 * ledger's trigger entry by entry, which does not see a transaction's kind.
 */
export async function userCounts(db: DbOrTx) {
  const rows = await counterTotals(db, ['users', 'users.verified', 'users.admins', 'users.deleted']);
  return {
    total: sumOf(rows, 'users'),
    verified: sumOf(rows, 'users.verified'),
    admins: sumOf(rows, 'users.admins'),
    deleted: sumOf(rows, 'users.deleted'),
  };
}

/** Organizations by type (the types there are), with how many are still open. */
export async function organizationsByType(db: DbOrTx) {
  const rows = await counterTotals(db, ['organizations', 'organizations.open']);
  return rows
    .filter((row) => row.name === 'organizations' && row.value > 0)
    .map((row) => ({ type: row.label, total: row.value, open: sumOf(rows, 'organizations.open', row.label) }))
    .sort((a, b) => (a.type < b.type ? -1 : 1));
}

export async function fundsByPhase(db: DbOrTx) {
  const rows = await counterTotals(db, ['funds']);
  return rows.filter((row) => row.value > 0).map((row) => ({ phase: row.label, count: row.value }));
}

export async function moneyTotals(db: DbOrTx) {
  const rows = await counterTotals(db, [
    'ledger.moved',
    'ledger.paid-out',
    'ledger.fees',
    'ledger.refunded',
    'ledger.escrow',
  ]);
  return {
    movedCents: sumOf(rows, 'ledger.moved'),
    paidOutCents: sumOf(rows, 'ledger.paid-out'),
    feesCents: sumOf(rows, 'ledger.fees'),
    refundedCents: sumOf(rows, 'ledger.refunded'),
    inEscrowCents: sumOf(rows, 'ledger.escrow'),
  };
}

/** Per UTC day since `since` (a UTC day's start): new users, new organizations, money moved and fees. */
export async function growthSeries(db: DbOrTx, since: Date) {
  const rows = await counterSeries(db, ['users', 'organizations', 'ledger.moved', 'ledger.fees'], since);
  const byDay = (name: 'users' | 'organizations') => {
    const days = new Map<string, number>();
    for (const row of rows.filter((r) => r.name === name))
      days.set(row.day, (days.get(row.day) ?? 0) + row.value);
    return days;
  };
  const moved = new Map<string, { movedCents: number; feesCents: number }>();
  for (const row of rows.filter((r) => r.name === 'ledger.moved' || r.name === 'ledger.fees')) {
    const day = moved.get(row.day) ?? { movedCents: 0, feesCents: 0 };
    if (row.name === 'ledger.moved') day.movedCents += row.value;
    else day.feesCents += row.value;
    moved.set(row.day, day);
  }
  return { newUsers: byDay('users'), newOrganizations: byDay('organizations'), moved };
}

import { isErrorCode } from '@giro/contract/errors';
import { DomainError } from '@giro/domain/errors';
import { decide } from '@giro/domain/fund/decide';
import { emptyFund } from '@giro/domain/fund/evolve';
import type { FundCommand, FundState } from '@giro/domain/fund/fund-types';
import type { Database } from '../../src/db/client';
import { type FundRow, findFundOfOrganization, organizationMembers } from '../../src/db/fund.repository';
import { activePayoutAccounts } from '../../src/db/payout-account.repository';

/** The server's fund as the next request will find it: its state, its members, who can receive. */
export interface FundSnapshot {
  fund: FundRow | undefined;
  memberIds: string[];
  payoutAccounts: Set<string>;
  now: number;
}

export async function snapshotFund(
  database: Database,
  organizationId: string,
  everyone: readonly string[],
  now: Date,
): Promise<FundSnapshot> {
  const db = database.db;
  return {
    fund: await findFundOfOrganization(db, organizationId),
    memberIds: (await organizationMembers(db, organizationId)).map((m) => m.id),
    payoutAccounts: await activePayoutAccounts(db, everyone),
    now: now.getTime(),
  };
}

export type Verdict = { ok: true } | { ok: false; code: string };

/**
 * What the domain's own decider says of a command on the server's current state, in the context
 * the server gives it (its clock, the test clock on, the payout accounts it knows): the oracle
 * the server's answer is held to.
 */
export function decideOn(snapshot: FundSnapshot, command: FundCommand): Verdict {
  const state: FundState | undefined = snapshot.fund?.state;
  if (!state && command.type !== 'OpenVoting') return { ok: false, code: 'NO_ROTATING_FUND' };
  let ids = 0;
  const result = decide(state ?? emptyFund('new'), command, {
    now: snapshot.now,
    testClock: true,
    hasPayoutAccount: (id) => snapshot.payoutAccounts.has(id),
    newId: () => `oracle-${ids++}`,
  });
  return result instanceof DomainError ? { ok: false, code: result.code } : { ok: true };
}

/**
 * Holds one answer of the server to the oracle; returns what is wrong, or null. A 5xx is always
 * wrong; a refusal needs a 4xx with a code of the catalogue; an acceptance needs the decider's
 * acceptance; a refusal of what the decider accepts is allowed only with one of `alsoRefused`
 * (a rule outside the fund's decider, such as the leave rule); a refusal the decider predicts
 * must carry its code, unless the request's schema refused it first.
 */
export function judge(
  verdict: Verdict | 'outsider',
  status: number,
  code: string | null,
  alsoRefused: readonly string[] = [],
): string | null {
  if (status >= 500) return `server error ${status} ${code}`;
  if (status !== 200 && (status < 400 || !code || !isErrorCode(code)))
    return `refused with ${status} and an unknown code ${code}`;
  if (verdict === 'outsider') return status === 200 ? 'accepted from outside the organization' : null;
  if (status === 200) return verdict.ok ? null : `accepted, but the decider refuses with ${verdict.code}`;
  if (verdict.ok) return alsoRefused.includes(code!) ? null : `refused with ${code}, but the decider accepts`;
  if (code === verdict.code || code === 'VALIDATION_ERROR') return null;
  return `refused with ${code}, but the decider refuses with ${verdict.code}`;
}

import type { NotificationType } from '@giro/contract/notifications';
import type { DbOrTx } from './client';
import type { FundRow } from './fund.repository';
import type { KnownAnswer } from './idempotency.repository';
import { namedStatement, runNamed } from './named-statement';
import type { FundCall } from './notification.repository';

/**
 * What a member's fund command reads once the fund is locked, in one named statement
 * (db/named-statement.ts says why): the members, who can receive payouts, the request's
 * Idempotency-Key and the open calls to act (issue 15).
 */

/** What a command on a locked fund reads, at once. */
export interface FundCommandContext {
  /** The members, in the order they joined. */
  members: { id: string; displayName: string; language: string | null }[];
  /** Who among the members and the fund's participants has an active payout account. */
  payoutAccounts: Set<string>;
  /** The first answer of the request's Idempotency-Key, if it was used before. */
  known: KnownAnswer | undefined;
  /** The organization's open calls of these types. */
  calls: FundCall[];
}

// Read after the lock, not with it: in READ COMMITTED a statement's snapshot is taken when it
// starts, so what a `for update` statement reads beside the row predates the wait for the lock.
const contextStatement = namedStatement<{
  members: FundCommandContext['members'];
  payout: string[];
  known: KnownAnswer | null;
  calls: { id: string; userId: string; type: NotificationType }[];
}>(
  'fund_command_context',
  `with members as (
     select id, display_name, language_preference, member_since from users
     where family_id = $1::uuid and deleted_at is null)
   select
     coalesce((select json_agg(json_build_object('id', id, 'displayName', display_name,
       'language', language_preference) order by member_since, id) from members), '[]') as members,
     coalesce((select json_agg(p.user_id) from payout_accounts p
       where p.status = 'active' and p.unlinked_at is null
         and (p.user_id in (select id from members) or p.user_id = any($2::uuid[]))), '[]') as payout,
     (select json_build_object('userId', k.user_id, 'route', k.route, 'requestHash', k.request_hash,
       'response', k.response) from idempotency_keys k where k.key = $3::text) as known,
     coalesce((select json_agg(json_build_object('id', n.id, 'userId', n.user_id, 'type', n.type))
       from notifications n where n.organization_id = $1::uuid and n.type = any($4::text[])), '[]') as calls`,
);

/** The members, payout accounts, Idempotency-Key and open calls of a locked fund, in one statement. */
export async function fundCommandContext(
  tx: DbOrTx,
  fund: FundRow,
  idempotencyKey: string | undefined,
  callTypes: readonly NotificationType[],
): Promise<FundCommandContext> {
  const [row] = await runNamed(tx, contextStatement, [
    fund.organizationId,
    fund.state.participants,
    idempotencyKey ?? null,
    callTypes,
  ]);
  return {
    members: row!.members,
    payoutAccounts: new Set(row!.payout),
    known: row!.known ?? undefined,
    calls: row!.calls.map((call) => ({ ...call, organizationId: fund.organizationId })),
  };
}

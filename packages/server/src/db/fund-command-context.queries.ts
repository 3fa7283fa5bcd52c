import type { NotificationType } from '@giro/contract/notifications';
import type { KnownAnswer } from './idempotency.repository';
import { namedStatement, type RowOf } from './named-statement';
import type { FundCall } from './notification.repository';
import { type NamedStep, step } from './statement-pipeline';

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

// Who can receive is looked up by key: one array of the members and the participants, not two
// `in` lists joined by `or`, which PostgreSQL can only test row by row over every payout account.
// Read after the lock, not in its statement: in READ COMMITTED a statement's snapshot is taken
// when it starts, so what a `for update` statement reads beside the row predates the wait for
// the lock.
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
         and p.user_id = any(array(select id from members union all
           select jsonb_array_elements_text(f.state->'participants')::uuid from funds f
           where f.organization_id = $1::uuid))), '[]') as payout,
     (select json_build_object('userId', k.user_id, 'route', k.route, 'requestHash', k.request_hash,
       'response', k.response) from idempotency_keys k where k.key = $2::text) as known,
     coalesce((select json_agg(json_build_object('id', n.id, 'userId', n.user_id, 'type', n.type))
       from notifications n where n.organization_id = $1::uuid and n.type = any($3::text[])), '[]') as calls`,
);

/**
 * The read of a locked fund's organization as a step of the transaction's opening, sent with
 * the lock (db/opened-transaction.ts). It names the organization, not the fund row: the round's
 * participants are read from the fund's state in SQL, since the lock's answer is not back yet
 * when this is sent. Each statement of the pipeline takes its own snapshot after the one
 * before it finished, so this one still starts after the lock is held.
 */
export const fundCommandContextStep = (
  organizationId: string,
  idempotencyKey: string | undefined,
  callTypes: readonly NotificationType[],
): NamedStep => step(contextStatement, [organizationId, idempotencyKey ?? null, callTypes]);

/** The members, payout accounts, Idempotency-Key and open calls, from the step's rows. */
export function fundCommandContextOf(rows: readonly unknown[], organizationId: string): FundCommandContext {
  const row = rows[0] as RowOf<typeof contextStatement>;
  return {
    members: row.members,
    payoutAccounts: new Set(row.payout),
    known: row.known ?? undefined,
    calls: row.calls.map((call) => ({ ...call, organizationId })),
  };
}

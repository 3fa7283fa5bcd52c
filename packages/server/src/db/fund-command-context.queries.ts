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

// One row per organization, in the order asked. Who can receive is looked up by key: one array
// of the members and the participants, not two `in` lists joined by `or`, which PostgreSQL can
// only test row by row over every payout account. Read after the lock, not in its statement: in
// READ COMMITTED a statement's snapshot is taken when it starts, so what a `for update`
// statement reads beside the row predates the wait for the lock.
const contextStatement = namedStatement<{
  members: FundCommandContext['members'];
  payout: string[];
  known: KnownAnswer | null;
  calls: { id: string; userId: string; type: NotificationType; contributionId: string | null }[];
}>(
  'fund_command_context',
  `select m.members,
     coalesce((select json_agg(p.user_id) from payout_accounts p
       where p.status = 'active' and p.unlinked_at is null
         and p.user_id = any(m.ids || array(select jsonb_array_elements_text(f.state->'participants')::uuid
           from funds f where f.organization_id = o.organization_id))), '[]') as payout,
     (select json_build_object('userId', k.user_id, 'route', k.route, 'requestHash', k.request_hash,
       'response', k.response) from idempotency_keys k where k.key = o.key) as known,
     coalesce((select json_agg(json_build_object('id', n.id, 'userId', n.user_id, 'type', n.type,
         'contributionId', n.data->>'contributionId'))
       from notifications n where n.organization_id = o.organization_id and n.type = any($3::text[])), '[]') as calls
   from unnest($1::uuid[], $2::text[]) with ordinality as o(organization_id, key, n)
   cross join lateral (
     select coalesce(json_agg(json_build_object('id', u.id, 'displayName', u.display_name,
         'language', u.language_preference) order by u.member_since, u.id), '[]') as members,
       coalesce(array_agg(u.id), '{}') as ids
     from users u where u.family_id = o.organization_id and u.deleted_at is null) m
   order by o.n`,
);

/** What a command asks of its organization: the organization, and the request's Idempotency-Key. */
export interface ContextRequest {
  organizationId: string;
  idempotencyKey: string | undefined;
}

/**
 * The read of locked funds' organizations as a step of the transaction's opening, sent with
 * the lock (db/opened-transaction.ts). It names the organizations, not the fund rows: the
 * rounds' participants are read from the funds' states in SQL, since the lock's answer is not
 * back yet when this is sent. Each statement of the pipeline takes its own snapshot after the
 * one before it finished, so this one still starts after the locks are held.
 */
export const fundCommandContextStep = (
  requests: readonly ContextRequest[],
  callTypes: readonly NotificationType[],
): NamedStep =>
  step(contextStatement, [
    requests.map((r) => r.organizationId),
    requests.map((r) => r.idempotencyKey ?? null),
    callTypes,
  ]);

/** Each organization's members, payout accounts, Idempotency-Key and open calls, in the order asked. */
export function fundCommandContextsOf(
  rows: readonly unknown[],
  requests: readonly ContextRequest[],
): FundCommandContext[] {
  return (rows as RowOf<typeof contextStatement>[]).map((row, i) => ({
    members: row.members,
    payoutAccounts: new Set(row.payout),
    known: row.known ?? undefined,
    calls: row.calls.map((call) => ({ ...call, organizationId: requests[i]!.organizationId })),
  }));
}

import { randomUUID } from 'node:crypto';
import type { FundView } from '@giro/contract/fund';
import { DomainError } from '@giro/domain/errors';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/insights/rows';
import { findUserById, type UserRow } from '../src/db/user.repository';
import { AppError } from '../src/errors';
import type { RunOptions } from '../src/use-cases/fund/run-fund-command';
import { type Member, organizationOf } from './support/fund-members';
import { activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Members' fund commands that arrive together are committed together
 * (use-cases/fund/fund-command-batches.ts): each fund's change whole, refusals answered alone,
 * and a batch its writes fail taken apart, each command run again alone.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

interface Family {
  fund: FundView;
  payers: Member[];
  recipient: Member;
}

/** Families of `size` in their first contribution window (every fund made before the clock jumps). */
async function collectingFamilies(count: number, size = 3): Promise<Family[]> {
  const made: Family[] = [];
  for (let i = 0; i < count; i++) {
    const members = await organizationOf(t, size);
    const fund = await activeFund(members);
    made.push({ fund, payers: payersOf(members, fund), recipient: recipientOf(members, fund) });
  }
  await openWindow(made[0]!.payers[0]!);
  return made;
}

const userOf = async (member: Member): Promise<UserRow> => (await findUserById(t.database.db, member.id))!;

const contribute = (member: Member): FundCommand => ({
  type: 'Contribute',
  userId: member.id,
  contributionId: randomUUID(),
  method: 'manual',
});

const keyed = (key: string): RunOptions => ({
  idempotency: { key, route: 'contributions', requestHash: `hash-${key}` },
  acceptedPayment: { method: 'manual' },
});

/**
 * Sends the commands to the app's batches in one tick: the first finds none in flight and goes
 * alone, the others wait for it and then go together. Each settles to its view or its error.
 */
async function runTogether(
  commands: { member: Member; fund: FundView; command: FundCommand; options?: RunOptions }[],
): Promise<({ view: FundView } | { error: unknown })[]> {
  const users = await Promise.all(commands.map(({ member }) => userOf(member)));
  return Promise.all(
    commands.map(({ fund, command, options }, i) =>
      t.deps.fundCommands.run(users[i]!, fund.id, command, options ?? {}).then(
        (view) => ({ view }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
}

/** The transaction that last wrote each fund, by fund id. */
async function writers(): Promise<Map<string, string>> {
  const rows = await rowsOf<{ id: string; xmin: string }>(
    t.database.db,
    sql`select id, xmin::text from funds`,
  );
  return new Map(rows.map((row) => [row.id, row.xmin]));
}

/** Who has contributed to the fund, as its stored state says, in the order they did. */
async function contributorsOf(fund: FundView): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    t.database.db,
    sql`select c->>'contributorId' as id from funds, jsonb_array_elements(state->'contributions') c
        where funds.id = ${fund.id}`,
  );
  return rows.map((row) => row.id);
}

const viewOf = (outcome: { view: FundView } | { error: unknown } | undefined): FundView => {
  if (!outcome || !('view' in outcome))
    throw new Error(`no view: ${String((outcome as { error: unknown })?.error)}`);
  return outcome.view;
};
const errorOf = (outcome: { view: FundView } | { error: unknown } | undefined): unknown => {
  if (!outcome || !('error' in outcome)) throw new Error('no error');
  return outcome.error;
};

/** How many events each organization's fund has, by organization. */
async function eventCounts(): Promise<Map<string, number>> {
  const rows = await rowsOf<{ organization_id: string; n: number }>(
    t.database.db,
    sql`select organization_id, count(*)::int as n from fund_events group by organization_id`,
  );
  return new Map(rows.map((row) => [row.organization_id, row.n]));
}

describe('fund commands that arrive together', () => {
  it('commit in one transaction, each fund whole, with its events, socket events and answer', async () => {
    const families = await collectingFamilies(4);
    const organizations = await Promise.all(
      families.map(async ({ payers }) => (await userOf(payers[0]!)).familyId!),
    );
    const eventsBefore = await eventCounts();
    const outcomes = await runTogether(
      families.map(({ fund, payers }, i) => ({
        member: payers[0]!,
        fund,
        command: contribute(payers[0]!),
        options: keyed(`batch-${i}`),
      })),
    );
    const views = outcomes.map(viewOf);
    for (const [i, { fund, payers }] of families.entries()) {
      expect(views[i]!.id).toBe(fund.id);
      expect(await contributorsOf(fund)).toEqual([payers[0]!.id]);
    }
    // The three that waited share one transaction; the first went alone.
    const xmin = await writers();
    const [first, ...together] = families.map(({ fund }) => xmin.get(fund.id));
    expect(new Set(together).size).toBe(1);
    expect(together[0]).not.toBe(first);

    // Each fund has exactly its one new event, each answer is stored under its own key, and
    // each organization's socket events continue its sequence with no gap.
    const eventsAfter = await eventCounts();
    for (const organizationId of organizations)
      expect((eventsAfter.get(organizationId) ?? 0) - (eventsBefore.get(organizationId) ?? 0)).toBe(1);
    const stored = await rowsOf<{ key: string; response: FundView }>(
      t.database.db,
      sql`select key, response from idempotency_keys where key like 'batch-%' order by key`,
    );
    expect(stored).toEqual(
      views.map((view, i) => ({ key: `batch-${i}`, response: JSON.parse(JSON.stringify(view)) })),
    );
    for (const organizationId of organizations) {
      const seqs = await rowsOf<{ seq: number }>(
        t.database.db,
        sql`select (e->>'seq')::int as seq from outbox o, jsonb_array_elements(o.payload->'events') e
            where o.topic = 'realtime' and o.organization_id = ${organizationId} order by o.id, seq`,
      );
      const [last] = await rowsOf<{ seq: number }>(
        t.database.db,
        sql`select event_seq::int as seq from organizations where id = ${organizationId}`,
      );
      expect(seqs.map((row) => row.seq)).toEqual(Array.from({ length: last!.seq }, (_, i) => i + 1));
    }
  });

  it('answer a refusal, a replay and a foreign fund alone, and commit the others', async () => {
    const families = await collectingFamilies(5);
    const [alone, ok, refused, replayed, foreign] = families as [Family, Family, Family, Family, Family];
    const replayedPayer = replayed.payers[0]!;
    const [first] = await runTogether([
      {
        member: replayedPayer,
        fund: replayed.fund,
        command: contribute(replayedPayer),
        options: keyed('replay-1'),
      },
    ]);
    const before = await writers();

    const outcomes = await runTogether([
      { member: alone.payers[0]!, fund: alone.fund, command: contribute(alone.payers[0]!) },
      { member: ok.payers[0]!, fund: ok.fund, command: contribute(ok.payers[0]!) },
      // The recipient does not pay into their own round.
      { member: refused.recipient, fund: refused.fund, command: contribute(refused.recipient) },
      {
        member: replayedPayer,
        fund: replayed.fund,
        command: contribute(replayedPayer),
        options: keyed('replay-1'),
      },
      // Another organization's fund id is no fund of theirs.
      { member: foreign.payers[0]!, fund: ok.fund, command: contribute(foreign.payers[0]!) },
    ]);
    expect(viewOf(outcomes[0]).id).toBe(alone.fund.id);
    expect(viewOf(outcomes[1]).id).toBe(ok.fund.id);
    expect(errorOf(outcomes[2])).toBeInstanceOf(DomainError);
    expect(viewOf(outcomes[3])).toEqual(viewOf(first));
    expect(errorOf(outcomes[4])).toMatchObject({ code: 'NO_ROTATING_FUND' });
    expect(errorOf(outcomes[4])).toBeInstanceOf(AppError);

    // Only the accepted changes were written; the others' funds are as they were.
    const after = await writers();
    expect(after.get(ok.fund.id)).not.toBe(before.get(ok.fund.id));
    for (const { fund } of [refused, replayed, foreign]) expect(after.get(fund.id)).toBe(before.get(fund.id));
    expect(await contributorsOf(ok.fund)).toEqual([ok.payers[0]!.id]);
    expect(await contributorsOf(refused.fund)).toEqual([]);
    expect(await contributorsOf(replayed.fund)).toEqual([replayedPayer.id]);
    expect(await contributorsOf(foreign.fund)).toEqual([]);
  });

  it('a key another command of the batch stores fails it: each runs again alone, one carried out, one refused', async () => {
    const [blocker, one, two] = (await collectingFamilies(3)) as [Family, Family, Family];
    const outcomes = await runTogether([
      { member: blocker.payers[0]!, fund: blocker.fund, command: contribute(blocker.payers[0]!) },
      {
        member: one.payers[0]!,
        fund: one.fund,
        command: contribute(one.payers[0]!),
        options: keyed('shared-key'),
      },
      {
        member: two.payers[0]!,
        fund: two.fund,
        command: contribute(two.payers[0]!),
        options: keyed('shared-key'),
      },
    ]);
    expect(viewOf(outcomes[0]).id).toBe(blocker.fund.id);
    const raced = outcomes.slice(1);
    expect(raced.filter((o) => 'view' in o)).toHaveLength(1);
    expect(raced.filter((o) => 'error' in o).map((o) => (errorOf(o) as AppError).code)).toEqual([
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    // The one carried out is the one whose answer is stored; the other's fund is untouched.
    const [winner, loser] = 'view' in raced[0]! ? [one, two] : [two, one];
    const stored = await rowsOf<{ user_id: string }>(
      t.database.db,
      sql`select user_id from idempotency_keys where key = 'shared-key'`,
    );
    expect(stored).toEqual([{ user_id: winner.payers[0]!.id }]);
    expect(await contributorsOf(winner.fund)).toEqual([winner.payers[0]!.id]);
    expect(await contributorsOf(loser.fund)).toEqual([]);
  });

  it('of one organization go one after the other, in the order they came', async () => {
    const [family, other] = (await collectingFamilies(2, 4)) as [Family, Family];
    const [a, b, c] = family.payers as [Member, Member, Member];
    const outcomes = await runTogether([
      { member: other.payers[0]!, fund: other.fund, command: contribute(other.payers[0]!) },
      { member: a, fund: family.fund, command: contribute(a) },
      { member: b, fund: family.fund, command: contribute(b) },
      { member: c, fund: family.fund, command: contribute(c) },
    ]);
    for (const outcome of outcomes) viewOf(outcome);
    expect(await contributorsOf(family.fund)).toEqual([a.id, b.id, c.id]);
    // Each in a transaction of its own: a batch takes one command of an organization.
    const events = await rowsOf<{ contributor: string; xmin: string }>(
      t.database.db,
      sql`select payload->'contribution'->>'contributorId' as contributor, xmin::text from fund_events
          where fund_id = ${family.fund.id} and type = 'ContributionMade' order by id`,
    );
    expect(events.map((e) => e.contributor)).toEqual([a.id, b.id, c.id]);
    expect(new Set(events.map((e) => e.xmin)).size).toBe(3);
  });
});

describe('a member alone', () => {
  it('goes at once, through the HTTP route, and sees their contribution', async () => {
    const [family] = (await collectingFamilies(1)) as [Family];
    const payer = family.payers[0]!;
    const answer = await payer.client.post(`/api/rotating-fund/${family.fund.id}/contributions`, {
      method: 'manual',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<FundView>().id).toBe(family.fund.id);
    expect(await contributorsOf(family.fund)).toEqual([payer.id]);
  });
});

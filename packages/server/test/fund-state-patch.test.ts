import { emptyFund, evolve } from '@giro/domain/fund/evolve';
import type { Contribution, FundState } from '@giro/domain/fund/fund-types';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { patchedStateSql, type StatePatch, statePatch } from '../src/db/fund-state-patch';
import { rowsOf } from '../src/db/insights/rows';
import { openTestDatabase } from './support/test-database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The stored `before` with `patch` applied, by the SQL the fund changes' statement runs. */
async function patchedInDatabase(before: object, patch: StatePatch): Promise<unknown> {
  const [row] = await rowsOf<{ patched: unknown }>(
    database.db,
    sql`select ${sql.raw(patchedStateSql('d.state', 'd.patch'))} as patched
        from (select ${JSON.stringify(before)}::jsonb as state, ${JSON.stringify(patch)}::jsonb as patch) d`,
  );
  return row!.patched;
}

const asStored = (value: unknown) => JSON.parse(JSON.stringify(value));

type Doc = Record<string, unknown>;
const element = fc.record({ id: fc.string({ maxLength: 4 }), cents: fc.integer() });
const value = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 6 }),
  fc.array(element, { maxLength: 4 }),
  fc.record({ a: fc.integer(), b: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }) }),
);
const keys = ['phase', 'contributions', 'history', 'round', 'strikes', 'debts', 'added'];
const documents = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });

/** A change as `evolve` makes one: a new document sharing every part it left alone. */
const edit = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key: fc.constantFrom(...keys), value }),
  fc.record({
    op: fc.constant('append' as const),
    key: fc.constantFrom(...keys),
    more: fc.array(element, { maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('replaceFirst' as const), key: fc.constantFrom(...keys), with: element }),
  fc.record({ op: fc.constant('remove' as const), key: fc.constantFrom(...keys) }),
  fc.record({ op: fc.constant('undefined' as const), key: fc.constantFrom(...keys) }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function edited(doc: Doc, e: Edit): Doc {
  const was = doc[e.key];
  switch (e.op) {
    case 'set':
      return { ...doc, [e.key]: e.value };
    case 'append':
      return Array.isArray(was) ? { ...doc, [e.key]: [...was, ...e.more] } : doc;
    case 'replaceFirst':
      return Array.isArray(was) && was.length > 0 ? { ...doc, [e.key]: [e.with, ...was.slice(1)] } : doc;
    case 'remove': {
      const { [e.key]: _, ...rest } = doc;
      return rest;
    }
    case 'undefined':
      return { ...doc, [e.key]: undefined };
  }
}

describe('a fund state written as what changed (issue 15)', () => {
  it('property: the stored state with the patch applied is the new state, whatever the changes', async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.array(edit, { maxLength: 5 }), async (before, edits) => {
        const after = edits.reduce(edited, before);
        expect(await patchedInDatabase(before, statePatch(before, after))).toEqual(asStored(after));
      }),
      { numRuns: 150 },
    );
  });

  it('writes a contribution as the one contribution added, not the state', async () => {
    const contribution = (userId: string): Contribution => ({
      id: `c-${userId}`,
      contributorId: userId,
      recipientId: 'cy',
      amountCents: 5_000,
      method: 'card',
      status: 'authorized',
      cycleNumber: 1,
      roundNumber: 1,
      at: 0,
    });
    const before: FundState = { ...emptyFund('fund-1'), contributions: [contribution('ann')] };
    const after = evolve(before, { type: 'ContributionMade', contribution: contribution('bob'), at: 0 });
    const patch = statePatch(before, after);
    expect(patch).toEqual({ set: {}, append: { contributions: [contribution('bob')] }, unset: [] });
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(after).length / 4);
    expect(await patchedInDatabase(before, patch)).toEqual(asStored(after));
  });

  it('writes nothing of a state that did not change, and a state that did, whole where a list did not just grow', async () => {
    const before: FundState = emptyFund('fund-1');
    expect(statePatch(before, before)).toEqual({ set: {}, append: {}, unset: [] });
    const reordered = { ...before, order: ['b', 'a'] };
    const swapped = { ...reordered, order: ['a', 'b'] };
    expect(statePatch(reordered, swapped)).toEqual({ set: { order: ['a', 'b'] }, append: {}, unset: [] });
  });
});

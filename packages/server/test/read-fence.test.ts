import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { createReadFence } from '../src/db/read-fence';
import { freshPostgresDatabase } from './support/postgres';

/**
 * The read fence on PostgreSQL (db/read-fence.ts, ADRs 0026 and 0034): a fence that does not come back
 * (a listening connection up but deaf) turns the caches off, so requests read the database
 * instead of each waiting out a fence; a probe that comes back turns them on again.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fence on a fresh database of its own, with a pool of `poolSize`. */
async function fenceOnFreshDatabase(poolSize: number) {
  const fresh = await freshPostgresDatabase('giro_fence');
  cleanups.push(fresh.drop);
  const database = await openPostgres(fresh.url, poolSize);
  cleanups.push(() => database.close());
  return { url: fresh.url, database, fence: createReadFence(database.kind) };
}

describe('read fence', () => {
  it('passes when its round trip comes back; when one does not, it is off until a probe does', async () => {
    const fence = createReadFence('postgres');
    // A listening connection up but deaf: its statements never come back, until it hears again.
    let deaf = true;
    fence.setListening(true, () => (deaf ? new Promise<void>(() => {}) : Promise.resolve()));
    expect(fence.listening).toBe(true);
    expect(await fence.pass()).toBe(false);
    expect(fence.listening).toBe(false);
    expect(await fence.pass()).toBe(false);

    // Hearing again: the next probe comes back and fences pass.
    deaf = false;
    await until(() => fence.listening);
    expect(await fence.pass()).toBe(true);
    expect(await Promise.all([fence.pass(), fence.pass(), fence.pass()])).toEqual([true, true, true]);

    // A round trip that fails does not pass; a connection that goes down settles what waits.
    fence.setListening(true, () => Promise.reject(new Error('connection ended')));
    expect(await fence.pass()).toBe(false);
    fence.setListening(true, () => new Promise<void>(() => {}));
    const waiting = fence.pass();
    fence.setListening(false);
    expect(await waiting).toBe(false);
    expect(await fence.pass()).toBe(false);
  });

  it('is a round trip on the listening connection: it passes while the pool is busy, after every notification committed before it', async () => {
    const { url, database, fence } = await fenceOnFreshDatabase(1);
    const heard: string[] = [];
    const stop = await database.listen(
      'giro_cache',
      (payload) => heard.push(payload),
      (listening, roundTripHere) => fence.setListening(listening, roundTripHere),
    );
    cleanups.push(stop);
    await until(() => fence.listening);

    // The pool's one connection is held by a transaction for the whole test.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = database.db.transaction(async () => held);
    cleanups.push(async () => {
      release();
      await holding;
    });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    cleanups.push(() => other.end());
    // Many rounds: the guarantee rests on when PostgreSQL signals and delivers (ADR 0034), so
    // a race would show as a round whose notification arrives after the fence.
    const rounds = 2000;
    for (let i = 0; i < rounds; i++) {
      await other.query("select pg_notify('giro_cache', $1)", [`o:${i}`]);
      expect(await fence.pass()).toBe(true);
      // Heard before the fence passed, in commit order.
      expect(heard.at(-1)).toBe(`o:${i}`);
    }
    expect(heard).toHaveLength(rounds);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { ledgerDigest } from '../src/db/ledger-digest.queries';
import { backup, restore } from '../src/ops/backup';
import { type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf } from './support/fund-steps';
import { freshPostgresDatabase } from './support/postgres';
import { createTestApp } from './support/test-app';

/**
 * Backup → wipe → restore gives back the same ledger, on both engines (issue 19): the digest
 * (every entry, in order) is the same and every transaction still sums to zero.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Two members, a fund, a round paid by both payers: money in the ledger. */
async function moneyIn(database: Database) {
  await database.migrate();
  const t = await createTestApp({}, { database });
  try {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund) as Member[])
      await act(payer, 'contributions', { method: 'paypal' });
    await t.flushOutbox();
  } finally {
    await t.close();
  }
  const digest = await ledgerDigest(database.db);
  expect(digest.entries).toBeGreaterThan(0);
  expect(digest.balanced).toBe(true);
  return digest;
}

describe('backup and restore', () => {
  it('PGlite: the data directory (server stopped) comes back with the same ledger', async () => {
    const dataDir = tempDir('giro-backup-pglite-');
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    const before = await moneyIn(database);
    await database.close();
    const file = join(tempDir('giro-backup-file-'), 'giro.tar.gz');

    expect(await backup({ dataDir }, file)).toEqual(before);
    rmSync(dataDir, { recursive: true, force: true });
    const restored = await restore({ dataDir }, file);
    expect(restored).toEqual({ ...before, matches: true });
    // Not over data: a second restore into the restored directory is refused.
    await expect(restore({ dataDir }, file)).rejects.toThrow(/not empty/);
  });

  it('PostgreSQL: pg_dump of a live database, pg_restore into an empty one, the same ledger', async () => {
    const source = await freshPostgresDatabase('giro_backup_source');
    cleanups.push(source.drop);
    const database = await openPostgres(source.url, 2);
    const before = await moneyIn(database);
    await database.close();
    const file = join(tempDir('giro-backup-file-'), 'giro.dump');

    expect(await backup({ databaseUrl: source.url, dataDir: tempDir('giro-unused-') }, file)).toEqual(before);
    await source.drop();
    const target = await freshPostgresDatabase('giro_backup_target');
    cleanups.push(target.drop);
    const restored = await restore({ databaseUrl: target.url, dataDir: tempDir('giro-unused-') }, file);
    expect(restored).toEqual({ ...before, matches: true });
  });
});

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';
import lock from './migrations.lock.json';

/**
 * Migrations are append-only: a migration that has shipped may have run on someone's data, so
 * its text never changes. A new migration adds its hash to migrations.lock.json.
 */
describe('migrations', () => {
  const files = readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const hash = (file: string) =>
    createHash('sha256')
      .update(readFileSync(join(migrationsFolder, file)))
      .digest('hex');

  it('every shipped migration is unchanged', () => {
    for (const [file, expected] of Object.entries(lock)) expect(hash(file), file).toBe(expected);
  });

  it('every migration is in the lock and in the journal, in order', () => {
    expect(files).toEqual(Object.keys(lock));
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });
});

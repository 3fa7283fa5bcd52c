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

  it('since 0019, a migration only expands the schema, unless it is a named contract step (ADR 0027)', () => {
    // The rule itself, on what it must catch and what it must let through.
    expect(contracting('ALTER TABLE "users" DROP COLUMN "x";')).toEqual(['drop a column']);
    expect(contracting('ALTER TABLE "a" RENAME COLUMN "b" TO "c"')).toEqual(['rename']);
    expect(contracting('ALTER TABLE "a" ADD COLUMN "b" text NOT NULL;')).toEqual([
      'add a required column without a default',
    ]);
    expect(contracting('ALTER TABLE "a" ADD COLUMN "b" text DEFAULT \'x\' NOT NULL;')).toEqual([]);
    expect(contracting('ALTER TABLE "a" ADD COLUMN "b" text NOT NULL DEFAULT \'x\';')).toEqual([]);
    expect(contracting('CREATE INDEX "i" ON "a" ("b"); CREATE TRIGGER t AFTER DELETE ON a')).toEqual([]);
    for (const file of files.filter((f) => f >= '0019' && !f.endsWith('_contract.sql')))
      expect(contracting(readFileSync(join(migrationsFolder, file), 'utf8')), file).toEqual([]);
  });
});

/**
 * What in a migration would break the previous release's instances still running beside the
 * new ones during a rolling upgrade (ADR 0027): they read and write the old shape. Comments are
 * ignored. A `*_contract.sql` migration may do these, a release after the code stopped needing it.
 */
function contracting(text: string): string[] {
  const sql = text.replace(/--.*$/gm, '');
  const rules: [string, RegExp][] = [
    ['drop a table', /\bDROP\s+TABLE\b/i],
    ['drop a column', /\bDROP\s+COLUMN\b/i],
    ['rename', /\bRENAME\b/i],
    ['change a type', /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i],
    ['make a column required', /\bSET\s+NOT\s+NULL\b/i],
    ['drop a default', /\bDROP\s+DEFAULT\b/i],
  ];
  const found = rules.filter(([, pattern]) => pattern.test(sql)).map(([name]) => name);
  const added = sql.match(/\bADD\s+COLUMN\b[^;,]*/gi) ?? [];
  if (added.some((clause) => /\bNOT\s+NULL\b/i.test(clause) && !/\bDEFAULT\b/i.test(clause)))
    found.push('add a required column without a default');
  return found;
}

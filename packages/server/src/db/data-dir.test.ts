import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'giro-datadir-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory', () => {
  it('refuses a second server while the first holds the lock, then frees it', () => {
    const dir = fresh();
    // Another live process holds it: our parent (the test runner) stands in for it.
    writeFileSync(join(dir, 'giro.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Giro server/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'giro.lock'), '999999999');
    const release = lockDataDir(dir);
    // The lock is whole (linked in with the pid already written), and nothing else is left.
    expect(readdirSync(dir)).toEqual(['giro.lock']);
    expect(readFileSync(join(dir, 'giro.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(readdirSync(dir)).toEqual([]);
    const again = lockDataDir(dir);
    again();
  });

  it('keeps the data across a restart', async () => {
    const dir = join(fresh(), 'pglite');
    const first = await openPglite({ dataDir: dir });
    await first.migrate();
    await first.db.execute(
      sql`insert into organizations (name, type, invite_code) values ('Kept', 'family', 'KEPT2345')`,
    );
    await first.close();
    const second = await openPglite({ dataDir: dir });
    await second.migrate();
    const result = await second.db.execute(
      sql`select name from organizations where invite_code = 'KEPT2345'`,
    );
    expect((result as unknown as { rows: { name: string }[] }).rows[0]?.name).toBe('Kept');
    await second.close();
  });
});

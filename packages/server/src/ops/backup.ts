import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openPglite, openPostgres } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { ledgerDigest } from '../db/ledger-digest.queries';

/**
 * Backups and restores for both engines (issue 19; docs/operations.md, Backups). A backup is
 * the engine's own format plus `<file>.json`, the ledger's digest in that very backup; a restore
 * checks that the restored ledger balances and has that digest.
 *
 * - PostgreSQL, while the servers run: the digest is read in a repeatable-read transaction whose
 *   snapshot `pg_dump --snapshot` then dumps, so both see the same data to the entry. A restore
 *   (`pg_restore`) goes into an empty database: it never merges into live data.
 * - PGlite: its data directory as a gzipped tarball. PGlite cannot be opened by a second process
 *   while the server runs, so the server must be stopped first (its lock says so if not). A
 *   restore writes into an empty data directory.
 */

export interface BackupTarget {
  /** PostgreSQL's URL, or unset for PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export interface Digest {
  entries: number;
  balanced: boolean;
  sha256: string;
}

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** The URL without its password, and the password for PGPASSWORD: `ps` shows command lines. */
function withoutPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  if (result.error) throw new Error(`${command}: ${result.error.message} (is it installed?)`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim()}`);
}

async function backupPostgres(databaseUrl: string, file: string): Promise<Digest> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const digest = await ledgerDigest(drizzle(client) as unknown as Db);
    const target = withoutPassword(databaseUrl);
    run(
      'pg_dump',
      ['--format=custom', '--no-owner', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, target.url],
      target.env,
    );
    await client.query('commit');
    return digest;
  } finally {
    await client.end();
  }
}

async function backupPglite(dataDir: string, file: string): Promise<Digest> {
  if (!existsSync(join(pgliteDir(dataDir), 'PG_VERSION')))
    throw new Error(`No Giro database in ${dataDir} (DATA_DIR): nothing to back up`);
  const release = lockDataDir(dataDir);
  try {
    const database = await openPglite({ dataDir: pgliteDir(dataDir) });
    try {
      const digest = await ledgerDigest(database.db);
      const tarball = await database.dumpDataDir!();
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
      return digest;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

export async function backup(target: BackupTarget, file: string): Promise<Digest> {
  const digest = target.databaseUrl
    ? await backupPostgres(target.databaseUrl, file)
    : await backupPglite(target.dataDir, file);
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  writeFileSync(`${file}.json`, `${JSON.stringify({ engine, ...digest }, null, 2)}\n`);
  return digest;
}

async function digestOf(database: Database): Promise<Digest> {
  try {
    return await ledgerDigest(database.db);
  } finally {
    await database.close();
  }
}

export async function restore(target: BackupTarget, file: string): Promise<Digest & { matches: boolean }> {
  const expected = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Digest;
  let digest: Digest;
  if (target.databaseUrl) {
    const into = withoutPassword(target.databaseUrl);
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${into.url}`, file], into.env);
    digest = await digestOf(await openPostgres(target.databaseUrl, 1));
  } else {
    const dir = pgliteDir(target.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new Error(
        `${dir} is not empty: restore into an empty data directory (move this one aside first)`,
      );
    mkdirSync(target.dataDir, { recursive: true });
    const release = lockDataDir(target.dataDir);
    try {
      const loaded = await openPglite({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
      digest = await digestOf(loaded);
    } finally {
      release();
    }
  }
  return { ...digest, matches: digest.balanced && digest.sha256 === expected.sha256 };
}

import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * PGlite does not lock its data directory, and a second process opening it corrupts it.
 * The server holds `giro.lock` (its pid) for as long as it runs; a lock left by a process
 * that no longer exists is taken over.
 *
 * The lock appears whole or not at all: the pid is written to a file of this process's own,
 * then linked in as the lock (link fails if the lock exists). Created empty and written after,
 * a second server could read it empty in between, take 0 for a dead pid, and open the
 * directory too.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'giro.lock');
  const mine = join(dataDir, `giro.lock.${process.pid}`);
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        placeLock(mine, path);
        return () => rmSync(path, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number(readFileSync(path, 'utf8'));
        if (isAlive(holder) && holder !== process.pid) {
          throw new DataDirInUseError(
            `The data directory ${dataDir} is in use by another Giro server (pid ${holder}). ` +
              'Stop it first, or start this one with another DATA_DIR.',
          );
        }
        rmSync(path, { force: true });
      }
    }
    throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
  } finally {
    rmSync(mine, { force: true });
  }
}

/**
 * Links the written pid in as the lock. A file system without hard links (EPERM, ENOTSUP) gets
 * the lock created exclusively and written after, as before: whole on every other.
 */
function placeLock(mine: string, path: string): void {
  try {
    linkSync(mine, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

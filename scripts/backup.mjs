// `npm run backup -- <file>` and `npm run restore -- <file>` (issue 19; docs/operations.md):
// DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR (the server stopped first).
import { register } from 'tsx/esm/api';

register();
const { backup, restore } = await import('../packages/server/src/ops/backup.ts');
const [command, file] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command) || !file) {
  console.error('usage: npm run backup -- <file>   |   npm run restore -- <file>');
  process.exit(2);
}
const target = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || './data',
};
try {
  if (command === 'backup') {
    const digest = await backup(target, file);
    console.log(
      `Backed up ${digest.entries} ledger entries to ${file} (ledger ${digest.sha256.slice(0, 16)}…, balanced: ${digest.balanced}).`,
    );
  } else {
    const result = await restore(target, file);
    console.log(
      `Restored ${result.entries} ledger entries (ledger ${result.sha256.slice(0, 16)}…, balanced: ${result.balanced}).`,
    );
    if (!result.matches) {
      console.error('The restored ledger does not match the backup: do not start the server on it.');
      process.exit(1);
    }
    console.log('The ledger matches the backup.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

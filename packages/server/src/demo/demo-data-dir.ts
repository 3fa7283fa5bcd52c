import { join } from 'node:path';
import { loadConfig } from '../config/env';
import { type Database, openPglite, openPostgres } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { runDemoSeed } from './run-demo-seed';
import { DEMO_PASSWORD } from './seed-demo';

/** Opens the configured database (as the server will), seeds the demo if it is empty, prints who is who. */
export async function seedDemoDataDir(): Promise<void> {
  const config = loadConfig();
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) database = await openPostgres(config.databaseUrl);
  else {
    release = lockDataDir(config.dataDir);
    database = await openPglite({ dataDir: join(config.dataDir, 'pglite') });
  }
  try {
    await database.migrate();
    const members = await runDemoSeed(database, config);
    if (members) {
      console.log(`\nDemo organization "Famiglia Rossi" — every password is ${DEMO_PASSWORD}`);
      for (const m of members) console.log(`  ${m.username.padEnd(6)} ${m.displayName.padEnd(14)} ${m.role}`);
      console.log(
        'Use the test-clock control on the dashboard to jump a week to the next contribution window.\n',
      );
    } else {
      console.log(
        `\nDemo data already there: sign in as anna, bruno, carla or dario with ${DEMO_PASSWORD}\n`,
      );
    }
  } finally {
    await database.close();
    release();
  }
}

/** PostgreSQL for the second run of the integration suite (TEST_DB=postgres, TEST_DATABASE_URL). */
export const TEMPLATE_DATABASE = 'giro_test_template';

export function postgresAdminUrl(database?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

/** An empty PostgreSQL database of its own (for a server process or a proxy), and how to drop it. */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const pg = (await import('pg')).default;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  let dropped = false;
  return {
    url: postgresAdminUrl(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

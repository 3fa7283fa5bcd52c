/** PostgreSQL for the second run of the integration suite (TEST_DB=postgres, TEST_DATABASE_URL). */
export const TEMPLATE_DATABASE = 'giro_test_template';

export function postgresAdminUrl(database?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

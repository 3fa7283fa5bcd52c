import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs cookies: SESSION_SECRET when given (required when several instances
 * share one database), else generated once into DATA_DIR/secrets.json (mode 0600).
 */
export function loadSessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, 'secrets.json');
  if (existsSync(path))
    return (JSON.parse(readFileSync(path, 'utf8')) as { sessionSecret: string }).sessionSecret;
  mkdirSync(dataDir, { recursive: true });
  const sessionSecret = randomBytes(32).toString('base64url');
  writeFileSync(path, JSON.stringify({ sessionSecret }), { mode: 0o600 });
  return sessionSecret;
}

/** A separate key per purpose, derived from the one secret. */
export function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

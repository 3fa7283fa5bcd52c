import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

/** The application server's keys for Web Push (RFC 8292), base64url as `web-push` takes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for push services to write to: a mailto: or https: address. */
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given (required when several instances share one
 * database: a subscription is bound to the key it was made with), else generated once into
 * DATA_DIR/vapid.json (mode 0600) and reused, like the session secret.
 */
export function loadVapidKeys(
  dataDir: string,
  fromEnv: { publicKey: string; privateKey: string } | undefined,
  subject: string,
): VapidKeys {
  if (fromEnv) return { ...fromEnv, subject };
  const path = join(dataDir, 'vapid.json');
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/** A pair that lives only in this process: tests, the benches, the demo's seeding. */
export function ephemeralVapidKeys(subject = 'mailto:no-reply@giro.local'): VapidKeys {
  return { ...webPush.generateVAPIDKeys(), subject };
}

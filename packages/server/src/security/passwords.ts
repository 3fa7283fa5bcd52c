import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): ~12 ms a hash on this machine. */
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A fixed hash verified when the user does not exist, so that sign-in takes the same time
 * whether or not the username is known.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('giro-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

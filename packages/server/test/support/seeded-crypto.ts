import { seededRandom } from '@giro/domain/simulation/random';

let random = seededRandom(0);

/**
 * Starts the seeded stream over: the fault-injection run does it once its database is open, so
 * what came before (PostgreSQL's random database name) does not shift the run.
 */
export function reseedCrypto(seed: number): void {
  random = seededRandom(seed);
}

const bytes = (size: number) => Buffer.from(Array.from({ length: size }, () => Math.floor(random() * 256)));

/**
 * `randomBytes` and `randomUUID` from a seed, for a run that must replay exactly (the
 * fault-injection run mocks `node:crypto` with them): the fund's id and the draw's nonce are
 * then the same on every run of a seed, and so is the rotation order. Test use only: nothing
 * here is secret.
 */
export const seededCrypto = {
  randomBytes: (size: number) => bytes(size),
  randomUUID: (): `${string}-${string}-${string}-${string}-${string}` => {
    const b = bytes(16);
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const hex = b.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  },
};

/**
 * Users' ids from a sequence instead of `gen_random_uuid()`: the draw's seed names the voters,
 * so random ids would shuffle the rotation order from one run of a seed to the next.
 */
export const SEQUENTIAL_USER_IDS = [
  'create sequence fault_injection_user_ids',
  `alter table users alter column id set default
     ('00000000-0000-4000-8000-' || lpad(to_hex(nextval('fault_injection_user_ids')), 12, '0'))::uuid`,
];

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a members' journey tells the admin journeys that run after it (playwright.config.ts:
 * the `admin` project depends on `journeys`), so the admin pages are checked against money and
 * invitations the suite really produced rather than against data made up for them.
 */
export interface SuiteFacts {
  /** The payments journey: its family's invite code and how many joined with it. */
  payments: {
    inviteCode: string;
    registrationsWithCode: number;
    /** The recipient's user id, whose withdrawal the API log shows. */
    recipientId: string;
    /** Money that went through the platform in that round, and the platform's fee on it. */
    platformGrossCents: number;
    feeCents: number;
    /** Card contributions the provider declined. */
    declinedCards: number;
  };
}

const file = (name: keyof SuiteFacts) => join(process.env.E2E_FACTS_DIR ?? '.', `${name}.json`);

export function recordFacts<K extends keyof SuiteFacts>(name: K, facts: SuiteFacts[K]): void {
  writeFileSync(file(name), JSON.stringify(facts));
}

/** The facts of an earlier journey; it must have run (the admin project depends on it). */
export function readFacts<K extends keyof SuiteFacts>(name: K): SuiteFacts[K] {
  const path = file(name);
  if (!existsSync(path))
    throw new Error(`the ${name} journey left no facts at ${path}: did it run and pass?`);
  return JSON.parse(readFileSync(path, 'utf8')) as SuiteFacts[K];
}

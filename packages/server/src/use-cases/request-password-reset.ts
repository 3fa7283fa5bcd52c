import { randomInt } from 'node:crypto';
import { emailSchema } from '@giro/contract/auth';
import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import type { DbOrTx } from '../db/client';
import { countRateLimitHit } from '../db/rate-limit.queries';
import { outbox } from '../db/schema';
import { issueToken } from '../db/token.repository';
import { findUserByEmail, lockUser, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/enqueue-mail';

/**
 * Reset links one account is sent in an hour. The route's limit is per address of the asker;
 * without this, anyone asking from many addresses filled a member's inbox with reset emails. A
 * link lasts an hour, so three cover a member who lost the first two.
 */
export const RESET_LINKS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/** The outbox topic of a reset asked for: looked into, and perhaps mailed, after the answer. */
export const PASSWORD_RESET_TOPIC = 'password-reset';

interface ResetAsked {
  email: string;
  /** The language the request came in, for someone who has not picked one. */
  language: Language;
}

/**
 * Asks for a reset link for whoever owns `email`. The answer is the same whether an account has
 * that address or not, and so is the work done before it: one outbox row, whatever the address.
 * Until stop 73 the lookup, the count and the link were written before answering, so an
 * address with an account took measurably longer than one without, and the timing told what
 * the answer hid. The row is looked into at a random moment within `passwordResetDelayMs`, not at
 * once: the work done then for a member (a link, a mail) would otherwise slow the asker's next
 * request on the same instance, telling the same thing a moment later. `sendPasswordReset` does
 * the rest.
 */
export async function requestPasswordReset(deps: Deps, email: string, asked: Language): Promise<void> {
  const now = deps.clock.now();
  const availableAt = new Date(now.getTime() + randomInt(deps.config.passwordResetDelayMs + 1));
  const payload: ResetAsked = { email, language: asked };
  await deps.db.insert(outbox).values({ topic: PASSWORD_RESET_TOPIC, payload, availableAt, createdAt: now });
  // The worker wakes for it when it is due (it sleeps until its next row's time).
  deps.kickOutbox();
}

/**
 * The outbox's handler for a reset asked for: a link (single use, 1 h) when the address belongs
 * to a user, at most RESET_LINKS_PER_HOUR an hour, mailed through the outbox in the same
 * transaction. At least once, like every handler: a crash after the commit and before the row is
 * marked sends one more link, which the hourly count still bounds. A payload that is not a reset
 * asked for (none is written so) is dropped, not retried for ever.
 */
export function sendPasswordReset(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  return async (row: { payload: unknown }): Promise<void> => {
    const asked = row.payload as Partial<ResetAsked> | null;
    const email = emailSchema.safeParse(asked?.email);
    if (!email.success) return;
    const found = await findUserByEmail(deps.db, email.data);
    if (!found) return;
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // Locked, as a deletion locks it: an account deleted (or whose address changed) since the
      // look-up gets no link, and its erased mail is not written again.
      const user = await lockUser(tx, found.id);
      if (!user || user.email.toLowerCase() !== email.data) return;
      await mailResetLink(tx, deps.config.publicUrl, user, languageOrDefault(asked?.language ?? null), now);
    });
  };
}

async function mailResetLink(tx: DbOrTx, publicUrl: string, user: UserRow, asked: Language, now: Date) {
  // Counted in one statement, so two instances asked at once each see the other's request.
  const { hits } = await countRateLimitHit(tx, `password-reset:${user.id}`, HOUR_MS, now);
  if (hits > RESET_LINKS_PER_HOUR) return;
  const token = await issueToken(tx, user.id, 'reset_password', now);
  await enqueueMail(
    tx,
    {
      to: user.email,
      template: 'reset_password',
      language: languageOrDefault(user.languagePreference ?? asked),
      vars: { name: user.displayName, link: `${publicUrl}/reset-password?token=${token}` },
    },
    now,
  );
}

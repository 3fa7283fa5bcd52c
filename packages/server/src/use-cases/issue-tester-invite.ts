import type { IssueTesterInviteBody, TesterInvite } from '@giro/contract/admin';
import { recordInviteEvent } from '../db/organization.repository';
import { insertTesterInvite } from '../db/tester-invite.repository';
import type { Deps } from '../deps';
import { newInviteCode } from '../security/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An admin issues a tester invite (domain.md, Private testing): single use, optionally bound to
 * an email, expiring after `expiresInDays`. Issuing is the first event of its invite tracking.
 */
export async function issueTesterInvite(
  deps: Deps,
  adminId: string,
  input: IssueTesterInviteBody,
): Promise<TesterInvite> {
  const now = deps.clock.now();
  const invite = await deps.db.transaction(async (tx) => {
    const row = await insertTesterInvite(
      tx,
      {
        ...(input.email ? { email: input.email } : {}),
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        createdBy: adminId,
      },
      newInviteCode,
      now,
    );
    await recordInviteEvent(
      tx,
      { code: row.code, kind: 'issued', testerInviteId: row.id, userId: adminId },
      now,
    );
    return row;
  });
  return { code: invite.code, url: `${deps.config.publicUrl}/invite/${invite.code}` };
}

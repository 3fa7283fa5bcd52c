import type { TesterInviteRow } from '@giro/contract/admin-insights';
import { eq } from 'drizzle-orm';
import { recordInviteEvent } from '../../db/organization.repository';
import { testerInvites } from '../../db/schema';
import { revokeTesterInviteRow } from '../../db/tester-invite.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { testerInviteStatus } from './get-invite-tracking';

/**
 * POST /api/admin/tester-invites/{id}/revoke: an unused invite can no longer be claimed nor
 * shown. Revoking again, or revoking one already used, changes nothing and says its status.
 */
export async function revokeTesterInvite(
  deps: Deps,
  adminId: string,
  id: string,
): Promise<Pick<TesterInviteRow, 'id' | 'code' | 'status' | 'revokedAt'>> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const revoked = await revokeTesterInviteRow(tx, id, now);
    if (revoked) {
      await recordInviteEvent(
        tx,
        { code: revoked.code, kind: 'revoked', testerInviteId: id, userId: adminId },
        now,
      );
      return revoked;
    }
    const [current] = await tx.select().from(testerInvites).where(eq(testerInvites.id, id)).limit(1);
    return current;
  });
  if (!row) throw new AppError('NOT_FOUND');
  return {
    id: row.id,
    code: row.code,
    status: testerInviteStatus(
      { used_at: row.usedAt, revoked_at: row.revokedAt, expires_at: row.expiresAt },
      now,
    ),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

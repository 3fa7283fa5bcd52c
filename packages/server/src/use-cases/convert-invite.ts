import { normalizeInviteCode } from '@giro/domain/organization';
import { and, eq, inArray } from 'drizzle-orm';
import { recordInviteEvent } from '../db/organization.repository';
import { inviteEvents } from '../db/schema';
import { lockUser } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/**
 * POST /api/invite/convert: the browser reports that a registration came from an invite. Only
 * counts for a code this user actually registered or joined with, and only once: the member is
 * locked first, so two reports at once (two tabs) cannot both find none and both count.
 */
export async function convertInvite(deps: Deps, userId: string, rawCode: string): Promise<void> {
  const code = normalizeInviteCode(rawCode);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const events = await tx
      .select({
        kind: inviteEvents.kind,
        organizationId: inviteEvents.organizationId,
        testerInviteId: inviteEvents.testerInviteId,
      })
      .from(inviteEvents)
      .where(
        and(
          eq(inviteEvents.code, code),
          eq(inviteEvents.userId, userId),
          inArray(inviteEvents.kind, ['registration', 'join', 'conversion']),
        ),
      );
    if (events.some((event) => event.kind === 'conversion')) return;
    const origin = events[0];
    if (!origin) throw new AppError('INVALID_INVITE_CODE');
    await recordInviteEvent(
      tx,
      {
        code,
        kind: 'conversion',
        userId,
        organizationId: origin.organizationId ?? undefined,
        testerInviteId: origin.testerInviteId ?? undefined,
      },
      now,
    );
  });
}

import { retriedOnDeadlock } from '../db/pg-errors';
import { lockUser } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { leaveCurrentOrganization } from './leave-current-organization';

export async function leaveOrganization(deps: Deps, userId: string): Promise<void> {
  const now = deps.clock.now();
  // The member, then their fund: an expulsion locks them the other way round (pg-errors.ts).
  await retriedOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (!user.familyId) throw new AppError('NOT_IN_ORGANIZATION');
      await leaveCurrentOrganization(tx, deps, user, now);
    }),
  );
  deps.kickOutbox();
  deps.kickDeadlines();
}

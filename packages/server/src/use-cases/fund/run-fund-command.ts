import type { FundView } from '@giro/contract/fund';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { lockFundOfOrganization, organizationMembers } from '../../db/fund.repository';
import { findIdempotentAnswer, saveIdempotentAnswer } from '../../db/idempotency.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { fundView } from '../../views/fund.view';
import { applyFundCommand } from './apply-fund-command';

export interface RunOptions {
  /** The caller's Idempotency-Key: a replay answers the first answer and changes nothing. */
  idempotencyKey?: string | undefined;
  route: string;
  paymentMethodId?: string | null;
}

/**
 * A member's command on their organization's fund, in one transaction. Another
 * organization's fund id answers 404 as if it did not exist (api.md, Conventions).
 */
export async function runFundCommand(
  deps: Deps,
  user: UserRow,
  fundId: string,
  command: FundCommand,
  options: RunOptions,
): Promise<FundView> {
  if (!user.familyId) throw new AppError('NO_ROTATING_FUND');
  const organizationId = user.familyId;
  const view = await deps.db.transaction(async (tx) => {
    const fund = await lockFundOfOrganization(tx, organizationId);
    if (!fund || fund.id !== fundId) throw new AppError('NO_ROTATING_FUND');
    if (options.idempotencyKey) {
      const known = await findIdempotentAnswer(tx, user.id, options.idempotencyKey);
      if (known) {
        if (known.route !== options.route) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return known.response as FundView;
      }
    }
    const { state } = await applyFundCommand(tx, deps, fund, command, options);
    const result = fundView(state, await organizationMembers(tx, organizationId), deps.config);
    if (options.idempotencyKey) {
      await saveIdempotentAnswer(
        tx,
        { userId: user.id, key: options.idempotencyKey, route: options.route, response: result },
        deps.clock.now(),
      );
    }
    return result;
  });
  deps.kickOutbox();
  deps.kickDeadlines();
  return view;
}

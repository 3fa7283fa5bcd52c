import type { DebtView } from '@giro/contract/debts';
import { debtsOf } from '../../db/debt.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { debtViews } from './debt-views';

/** GET /api/debts: what I owe and what is owed to me (api.md, Second wave). */
export async function listDebts(deps: Deps, user: UserRow): Promise<{ debts: DebtView[] }> {
  return { debts: await debtViews(deps.db, await debtsOf(deps.db, user.id)) };
}

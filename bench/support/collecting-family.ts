import { randomUUID } from 'node:crypto';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { findFundOfOrganization } from '../../packages/server/src/db/fund.repository';
import { storeTestClockOffset } from '../../packages/server/src/db/test-clock.repository';
import { findUserById, type UserRow } from '../../packages/server/src/db/user.repository';
import { runFundCommand } from '../../packages/server/src/use-cases/fund/run-fund-command';
import { startFundCycle } from '../../packages/server/src/use-cases/fund/start-fund-cycle';
import { type InProcess, SESSION_SECRET } from './in-process';
import { type SeededOrganization, seedOrganizations } from './seed';

const DAY_MINUTES = 24 * 60;

export interface CollectingFamily extends SeededOrganization {
  fundId: string;
  recipientId: string;
  /** The member who has paid this round already. */
  paidId: string;
}

/**
 * Families of `members` signed-in members whose fund is in a collecting round with one member
 * already paid (so every view has something to show), made by the real use cases, and the test
 * clock's offset stored so a server started later on this database sees the same moment.
 */
export async function seedCollectingFamilies(
  server: InProcess,
  options: { families: number; members: number },
): Promise<CollectingFamily[]> {
  const { deps, clock } = server;
  const organizations = await seedOrganizations(deps.db, SESSION_SECRET, {
    organizations: options.families,
    members: options.members,
  });
  const usersOf = async (organization: SeededOrganization) =>
    Promise.all(organization.members.map(async (m) => (await findUserById(deps.db, m.id)) as UserRow));
  const run = async (organizationId: string, user: UserRow, command: FundCommand) => {
    const fund = await findFundOfOrganization(deps.db, organizationId);
    await runFundCommand(deps, user, fund!.id, command, {});
  };
  for (const organization of organizations) {
    const users = await usersOf(organization);
    await startFundCycle(deps, users[0]!);
    for (const u of users)
      await run(organization.id, u, { type: 'VoteAmount', userId: u.id, amountCents: 5000 });
    for (const u of users)
      await run(organization.id, u, { type: 'VoteConfirmation', userId: u.id, accept: true });
    for (const u of users)
      await run(organization.id, u, { type: 'VoteWithdrawalDate', userId: u.id, option: '14d' });
  }
  clock.fastForward(7 * DAY_MINUTES + 1); // into the contribution window
  await deps.drainDeadlines();
  await storeTestClockOffset(deps.db, clock.offsetMinutes * 60_000, clock.now());
  const families: CollectingFamily[] = [];
  for (const organization of organizations) {
    const fund = (await findFundOfOrganization(deps.db, organization.id))!;
    const recipientId = fund.state.round!.recipientId;
    const payer = (await usersOf(organization)).find((u) => u.id !== recipientId)!;
    const contributionId = randomUUID();
    await run(organization.id, payer, {
      type: 'Contribute',
      userId: payer.id,
      contributionId,
      method: 'manual',
    });
    families.push({ ...organization, fundId: fund.id, recipientId, paidId: payer.id });
  }
  return families;
}

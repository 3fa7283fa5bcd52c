import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';

/** Names for member ids; a member who left the organization still has a label. */
export function useMemberName(fund: Pick<FundView, 'members'>) {
  const { t } = useTranslation();
  const names = new Map(fund.members.map((m) => [m.id, m.displayName]));
  return (id: string) => names.get(id) ?? t('fund.formerMember');
}

/** What the signed-in member may do in the fund right now, read from the view. */
export function roleIn(fund: FundView, userId: string) {
  const round = fund.round;
  return {
    isParticipant: fund.participants.includes(userId) && !fund.expelled.includes(userId),
    isRecipient: round?.recipientId === userId,
    mustContribute: Boolean(
      round?.expectedContributors.includes(userId) && !round.contributedBy.includes(userId),
    ),
  };
}

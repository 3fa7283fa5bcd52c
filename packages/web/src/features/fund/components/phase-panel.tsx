import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import type { NowCardAbove } from '../hooks/now-item';
import { useMemberName } from '../hooks/use-fund-people';
import { AmountVote } from './amount-vote';
import { ConfirmationVote } from './confirmation-vote';
import { DateVote } from './date-vote';
import { DismissalAck } from './dismissal-ack';
import { DrawProof } from './draw-proof';
import { RestartVote } from './restart-vote';
import { RoundPanel } from './round-panel';
import { VotingResults } from './voting-results';

/** What the current phase asks of the member (domain.md, Phases of a cycle). */
export function PhasePanel({
  fund,
  userId,
  nowCardAbove,
}: {
  fund: FundView;
  userId: string;
  nowCardAbove: NowCardAbove | null;
}) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const isParticipant = fund.participants.includes(userId);
  const notInCycle = fund.phase !== 'voting' && !isParticipant && (
    <p className="rounded-lg bg-stone-50 p-3 text-sm">{t('fund.notParticipant')}</p>
  );
  switch (fund.phase) {
    case 'voting':
      return (
        <div className="flex flex-col gap-4">
          {fund.voters.includes(userId) && !fund.votedBy.includes(userId) ? (
            <AmountVote fundId={fund.id} />
          ) : (
            <p className="text-sm font-medium">
              {fund.voters.includes(userId) ? t('fund.vote.youVoted') : t('fund.notParticipant')}
            </p>
          )}
          <VotingResults fund={fund} />
        </div>
      );
    case 'confirmation':
      return (
        <div className="flex flex-col gap-4">
          {notInCycle}
          <VotingResults fund={fund} />
          <ConfirmationVote fund={fund} userId={userId} />
          <RestartVote fund={fund} userId={userId} />
        </div>
      );
    case 'dismissal_acknowledgment':
      return (
        <div className="flex flex-col gap-4">
          {notInCycle}
          <DismissalAck fund={fund} userId={userId} />
          <RestartVote fund={fund} userId={userId} />
        </div>
      );
    case 'date_voting':
      return (
        <div className="flex flex-col gap-4">
          {notInCycle}
          <DateVote fund={fund} userId={userId} />
          <DrawProof draw={{ ...fund, order: fund.drawnOrder, fundId: fund.id }} name={name} />
          <RestartVote fund={fund} userId={userId} />
        </div>
      );
    case 'collecting':
    case 'awaiting_withdrawal':
      return fund.round ? (
        <div className="flex flex-col gap-4">
          {notInCycle}
          <RoundPanel fund={fund} round={fund.round} userId={userId} nowCardAbove={nowCardAbove} />
          <RestartVote fund={fund} userId={userId} />
          <DrawProof draw={{ ...fund, order: fund.drawnOrder, fundId: fund.id }} name={name} />
        </div>
      ) : null;
    default:
      return null;
  }
}

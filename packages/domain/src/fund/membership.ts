import { type Draft, fail } from './draft';
import { activeParticipants } from './rules';
import { activate, chooseWithdrawalDate, closeVoting, restartVoting } from './voting';

/**
 * A member left the organization (domain.md, Leaving). While a round is collecting or awaiting
 * withdrawal a participant may not leave. In amount voting they stop being a voter. Between
 * the end of voting and the first round (confirmation, dismissal acknowledgment, date vote) they
 * stop being a participant: the amount stays, fewer than 2 participants cancels the fund as at
 * the close of voting, and a step waiting only for them completes. A voter who did not vote
 * stops being a voter in any phase.
 */
export function removeMember(d: Draft, userId: string, at: number): void {
  const s = d.state;
  if (s.phase === 'voting') {
    if (!s.voters.includes(userId)) return;
    d.emit({ type: 'VoterLeft', at, userId });
    if (d.state.voters.length > 0 && d.state.voters.every((id) => id in d.state.votes))
      closeVoting(d, at, false);
    return;
  }
  if (!activeParticipants(s).includes(userId)) {
    // One asked to vote who is no participant (they did not vote, or were expelled since): a
    // restarted vote asks the voters again (restartVoting), and gone, they would be asked in a
    // family they left, and the vote could no longer close before its deadline.
    if (s.voters.includes(userId)) d.emit({ type: 'VoterLeft', at, userId });
    return;
  }
  if (s.phase === 'collecting' || s.phase === 'awaiting_withdrawal') fail('LEAVE_REFUSED');
  if (s.phase !== 'confirmation' && s.phase !== 'dismissal_acknowledgment' && s.phase !== 'date_voting')
    return;
  d.emit({ type: 'ParticipantLeft', at, userId });
  const after = d.state;
  const remaining = activeParticipants(after);
  if (remaining.length < 2) {
    d.emit({ type: 'FundCancelled', at, reason: 'not enough participants' });
    return;
  }
  if (after.phase === 'confirmation' && remaining.every((id) => after.confirmations[id] === true))
    activate(d, at);
  else if (
    after.phase === 'dismissal_acknowledgment' &&
    remaining.every((id) => after.acknowledged.includes(id))
  )
    restartVoting(d, at);
  else if (after.phase === 'date_voting' && remaining.every((id) => id in after.dateVotes))
    chooseWithdrawalDate(d, at, false);
}

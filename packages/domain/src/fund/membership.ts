import { type Draft, fail } from './draft';
import { closeVoting } from './voting';

/**
 * A member left the organization. Leaving is refused by the server while the member takes part
 * in a round (domain.md, Leaving); before that, in voting, they simply stop being a voter.
 */
export function removeMember(d: Draft, userId: string, at: number): void {
  const s = d.state;
  if (s.phase !== 'voting') {
    if (s.participants.includes(userId) && !['completed', 'cancelled'].includes(s.phase))
      fail('LEAVE_REFUSED');
    return;
  }
  if (!s.voters.includes(userId)) return;
  d.emit({ type: 'VoterLeft', at, userId });
  if (d.state.voters.length > 0 && d.state.voters.every((id) => id in d.state.votes))
    closeVoting(d, at, false);
}

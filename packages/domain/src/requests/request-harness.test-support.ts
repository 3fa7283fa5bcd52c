import { DomainError } from '../errors';
import type { LedgerTransaction } from '../ledger';
import { decideRequest } from './decide-request';
import { evolveRequests } from './evolve-request';
import { requestPostings } from './request-postings';
import type { RequestCommand, RequestsState } from './request-types';

const T0 = Date.UTC(2026, 0, 1);

/** Given commands (each a minute apart), the state and journal they lead to. */
export function given(commands: RequestCommand[]) {
  let state: RequestsState = { requests: [] };
  const journal: LedgerTransaction[] = [];
  let now = T0;
  const run = (command: RequestCommand) => {
    const result = decideRequest(state, command, now);
    if (result instanceof DomainError) return result.code;
    for (const event of result) {
      journal.push(...requestPostings(state, event));
      state = evolveRequests(state, event);
    }
    return result;
  };
  for (const command of commands) {
    now += 60_000;
    const result = run(command);
    if (typeof result === 'string') throw new Error(`given command refused: ${result}`);
  }
  return {
    get state() {
      return state;
    },
    journal,
    get: (id: string) => state.requests.find((r) => r.id === id)!,
    when: (command: RequestCommand, at = now + 60_000) => {
      now = at;
      return run(command);
    },
  };
}

export const create = (requestId: string, ownerId: string, targetCents = 10_000): RequestCommand => ({
  type: 'CreateRequest',
  requestId,
  ownerId,
  title: `Request ${requestId}`,
  description: '',
  targetCents,
});
export const give = (
  requestId: string,
  userId: string,
  amountCents: number,
  message?: string,
): RequestCommand => ({
  type: 'ContributeToRequest',
  requestId,
  userId,
  contributionId: `${requestId}-${userId}-${amountCents}`,
  amountCents,
  ...(message === undefined ? {} : { message }),
});

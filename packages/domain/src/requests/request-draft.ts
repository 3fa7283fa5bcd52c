import { DomainError, type DomainErrorCode } from '../errors';
import { evolveRequests } from './evolve-request';
import type { RequestEvent, RequestsState } from './request-types';

/** Refuses the command: the decider answers this DomainError and nothing is written. */
export const fail = (code: DomainErrorCode): never => {
  throw new DomainError(code);
};

/** The events decided so far and the state they lead to, so later rules see earlier events. */
export class Draft {
  events: RequestEvent[] = [];
  constructor(public state: RequestsState) {}
  emit(event: RequestEvent) {
    this.events.push(event);
    this.state = evolveRequests(this.state, event);
  }
}

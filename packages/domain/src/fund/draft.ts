import { DomainError, type DomainErrorCode } from '../errors';
import { evolve } from './evolve';
import type { FundEvent, FundState } from './fund-types';

/** Accumulates events while keeping the state they lead to, so later rules see earlier effects. */
export class Draft {
  readonly events: FundEvent[] = [];
  constructor(public state: FundState) {}
  emit(event: FundEvent): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }
}

export function fail(code: DomainErrorCode, details?: Record<string, unknown>): never {
  throw new DomainError(code, details);
}

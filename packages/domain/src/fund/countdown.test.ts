import { describe, expect, it } from 'vitest';
import { countdownStatus } from './countdown';
import { HOUR_MS } from './rules';

describe('countdown: overdue after the deadline, urgent under 2 hours', () => {
  const deadline = Date.UTC(2026, 0, 2);
  it.each([
    [deadline - 3 * HOUR_MS, 'running'],
    [deadline - 2 * HOUR_MS, 'running'],
    [deadline - 2 * HOUR_MS + 1, 'urgent'],
    [deadline - 1, 'urgent'],
    [deadline, 'overdue'],
    [deadline + HOUR_MS, 'overdue'],
  ])('at %i: %s', (now, status) => expect(countdownStatus(deadline, now)).toBe(status));
});

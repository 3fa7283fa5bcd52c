import type { RequestSummary } from '@giro/contract/requests';

/** An active funding request for component tests: Bruno's, a quarter collected, overridable. */
export function testRequest(overrides: Partial<RequestSummary> = {}): RequestSummary {
  return {
    id: 'r1',
    ownerId: 'u2',
    ownerName: 'Bruno',
    title: 'Tetto nuovo',
    description: '',
    targetAmountCents: 10_000,
    currentAmountCents: 2_500,
    progress: 25,
    status: 'active',
    queuePosition: null,
    contributorCount: 1,
    createdAt: '2026-01-01T10:00:00.000Z',
    activatedAt: '2026-01-01T10:00:00.000Z',
    expiresAt: '2026-01-31T10:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

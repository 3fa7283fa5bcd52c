import type { RequestDetails, RequestsOverview } from '@giro/contract/requests';
import { eq } from 'drizzle-orm';
import { paymentOperations, requestStates } from '../../src/db/schema';
import type { Member } from './fund-members';
import type { TestApp } from './test-app';

export const card = (paymentMethodId = 'pm_card_visa') => ({
  method: 'card' as const,
  paymentMethodId,
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
});

const ok = <T>(what: string, response: { statusCode: number; body: string; json<U>(): U }) => {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
};

/** Creates a request as this member; throws on anything but 200. */
export async function createRequest(member: Member, title: string, targetAmountCents: number) {
  const response = await member.client.post('/api/requests', { title, description: '', targetAmountCents });
  return ok<RequestDetails>('create', response);
}

/** Contributes by card (or as `body` says) with an optional message; throws on anything but 200. */
export async function contribute(member: Member, requestId: string, amountCents: number, body: object = {}) {
  const response = await member.client.post(`/api/requests/${requestId}/contributions`, {
    amountCents,
    ...card(),
    ...body,
  });
  return ok<RequestDetails>('contribute', response);
}

export async function ownerAction(member: Member, requestId: string, action: 'cancel' | 'conclude') {
  return ok<RequestDetails>(action, await member.client.post(`/api/requests/${requestId}/${action}`, {}));
}

export async function overview(member: Member) {
  return ok<RequestsOverview>('overview', await member.client.get('/api/requests'));
}

export async function details(member: Member, requestId: string) {
  return ok<RequestDetails>('details', await member.client.get(`/api/requests/${requestId}`));
}

/** The payment operations asked for, as `kind:amountCents`, sorted (one transaction may ask several). */
export async function operations(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.select().from(paymentOperations);
  return rows.map((row) => `${row.kind}:${row.amountCents}`).sort();
}

/** The member's notices about contributions to requests that did not go through, as their bodies. */
export async function failedContributionNotices(member: Member): Promise<string[]> {
  const { notifications } = ok<{ notifications: { type: string; body: string }[] }>(
    'notifications',
    await member.client.get('/api/user-notifications'),
  );
  return notifications.filter((n) => n.type === 'request_payment_failed').map((n) => n.body);
}

/**
 * Sets when an active request's 30 days end, in the stored state only: its deadline row is left
 * as it is, so the deadline worker has not looked at it yet (the moment a command ends it first).
 */
export async function setRequestEnd(t: TestApp, member: Member, requestId: string, expiresAt: number) {
  const organizationId = ok<{ id: string }>('family', await member.client.get('/api/family')).id;
  const where = eq(requestStates.organizationId, organizationId);
  const [row] = await t.database.db.select().from(requestStates).where(where);
  const state = row!.state as { requests: { id: string; expiresAt: number | null }[] };
  const requests = state.requests.map((r) => (r.id === requestId ? { ...r, expiresAt } : r));
  await t.database.db
    .update(requestStates)
    .set({ state: { ...state, requests } })
    .where(where);
}

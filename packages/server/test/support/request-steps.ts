import type { RequestDetails, RequestsOverview } from '@giro/contract/requests';
import { paymentOperations } from '../../src/db/schema';
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

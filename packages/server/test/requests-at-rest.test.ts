import type { RequestDetails } from '@giro/contract/requests';
import { lifeArb, lifeMembers, playLife } from '@giro/domain/requests/request-lives.test-support';
import type { FundingRequest } from '@giro/domain/requests/request-types';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/insights/rows';
import { findRequestsOfOrganization, lockRequestsOfOrganization } from '../src/db/request.repository';
import { endedRequests } from '../src/db/schema';
import { applyRequestCommand } from '../src/use-cases/requests/apply-request-command';
import { requestsOverview } from '../src/views/request.view';
import { fastForward, type Member, organizationOf } from './support/fund-members';
import { contribute, createRequest, details, overview, ownerAction } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

const organizationIdOf = async (member: Member) =>
  (await member.client.get('/api/family')).json<{ id: string }>().id;

/** A request asked for and cancelled a minute later (at rest at once: nothing to pay out). */
async function askedAndCancelled(owner: Member, title: string): Promise<RequestDetails> {
  await fastForward(owner, 1);
  const request = await createRequest(owner, title, 10_000);
  await fastForward(owner, 1);
  return ownerAction(owner, request.id, 'cancel');
}

describe("an organization's old requests leave its state (ADR 0042)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('the state keeps the requests at rest the overview shows; the older answer, refuse and export as before', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const organizationId = await organizationIdOf(ann!);
    const first = await createRequest(ann!, 'Request 0', 10_000);
    await contribute(bob!, first.id, 2_000, { message: 'Ciao' });
    await ownerAction(ann!, first.id, 'cancel');
    // As the first request answers while its organization's state still holds it.
    const detailsBefore = await details(bob!, first.id);
    const editBefore = await ann!.client.patch(`/api/requests/${first.id}`, { title: 'Another title' });
    const giveBefore = await bob!.client.post(`/api/requests/${first.id}/contributions`, {
      amountCents: 1_000,
      method: 'paypal',
    });
    expect([editBefore.statusCode, editBefore.json()]).toMatchObject([409, { code: 'REQUEST_CLOSED' }]);
    expect([giveBefore.statusCode, giveBefore.json()]).toMatchObject([409, { code: 'REQUEST_NOT_ACTIVE' }]);

    const titles = ['Request 0'];
    // Five more, each three moments (asked for and activated, cancelled): the ten newest moments
    // at rest are the last three's and the end of the one before, so the first two go.
    for (let i = 1; i <= 5; i++) titles.push((await askedAndCancelled(ann!, `Request ${i}`)).title);
    const open = await createRequest(bob!, 'Still open', 5_000);

    // The state: the four newest ended and the open one; the two oldest let go, whole.
    const { state } = await findRequestsOfOrganization(t.database.db, organizationId);
    expect(state.requests.map((r) => r.title)).toEqual([...titles.slice(2), 'Still open']);
    const letGo = await t.database.db
      .select()
      .from(endedRequests)
      .where(eq(endedRequests.organizationId, organizationId));
    expect(letGo.map((row) => (row.request as FundingRequest).title).sort()).toEqual(titles.slice(0, 2));
    const firstLetGo = letGo.find((row) => row.requestId === first.id)!;
    expect(firstLetGo.people.sort()).toEqual([ann!.id, bob!.id].sort());
    expect(firstLetGo.endedAt.toISOString()).toBe(detailsBefore.endedAt);

    // Read, refused and exported exactly as while the state held it.
    expect(await details(bob!, first.id)).toEqual(detailsBefore);
    const edit = await ann!.client.patch(`/api/requests/${first.id}`, { title: 'Another title' });
    expect([edit.statusCode, edit.json()]).toEqual([editBefore.statusCode, editBefore.json()]);
    const give = await bob!.client.post(`/api/requests/${first.id}/contributions`, {
      amountCents: 1_000,
      method: 'paypal',
    });
    expect([give.statusCode, give.json()]).toEqual([giveBefore.statusCode, giveBefore.json()]);
    const whole = {
      requests: [...letGo.map((row) => row.request as FundingRequest), ...state.requests].sort(
        (a, b) => a.createdAt - b.createdAt,
      ),
    };
    const names = new Map([
      [ann!.id, ann!.name],
      [bob!.id, bob!.name],
    ]);
    expect(await overview(bob!)).toEqual(requestsOverview(whole, names));
    expect((await overview(bob!)).active?.id).toBe(open.id);

    type Exported = {
      fundingRequests: { id: string; title: string }[];
      requestContributions: { requestId: string; amountCents: number; message: string | null }[];
    };
    const annExport = (await ann!.client.get('/api/account/export')).json<Exported>();
    expect(annExport.fundingRequests.map((r) => r.title)).toEqual(titles);
    const bobExport = (await bob!.client.get('/api/account/export')).json<Exported>();
    expect(bobExport.fundingRequests.map((r) => r.title)).toEqual(['Still open']);
    expect(bobExport.requestContributions).toMatchObject([
      { requestId: first.id, amountCents: 2_000, message: 'Ciao' },
    ]);

    // A late answer of the provider about it (the payment recorder's command) changes nothing:
    // decided on it put back, it is let go again, and its row is not written again.
    const written = async () =>
      rowsOf<{ xmin: string }>(
        t.database.db,
        sql`select xmin::text as xmin from ended_requests where request_id = ${first.id}`,
      );
    const before = await written();
    const late = await t.database.db.transaction(async (tx) =>
      applyRequestCommand(tx, t.deps, await lockRequestsOfOrganization(tx, organizationId), {
        type: 'RequestPayoutOutcome',
        requestId: first.id,
        attempt: 1,
        ok: true,
      }),
    );
    expect(late.events).toEqual([]);
    expect(late.kept.requests.map((r) => r.id)).not.toContain(first.id);
    expect(await written()).toEqual(before);
    const after = await findRequestsOfOrganization(t.database.db, organizationId);
    expect(after.state.requests.map((r) => r.title)).toEqual([...titles.slice(2), 'Still open']);

    // Someone of another organization still finds nothing there.
    const [carl] = await organizationOf(t, 1);
    expect((await carl!.client.get(`/api/requests/${first.id}`)).statusCode).toBe(404);
  });
});

describe('the requests overview built from the state kept (ADR 0042)', () => {
  it('is the one built from every request, at every step of a life', () => {
    const names = new Map(lifeMembers.map((id) => [id, id.toUpperCase()]));
    let mostArchived = 0;
    fc.assert(
      fc.property(lifeArb, (steps) => {
        const { archived } = playLife(steps, ({ whole, kept }) => {
          expect(requestsOverview(kept, names)).toEqual(requestsOverview(whole, names));
        });
        mostArchived = Math.max(mostArchived, archived);
      }),
      { numRuns: 200 },
    );
    expect(mostArchived).toBeGreaterThan(5);
    // Hundreds of lives of up to 250 steps: seconds alone, more on a machine that is busy.
  }, 60_000);
});

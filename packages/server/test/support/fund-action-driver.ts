import { emptyFund } from '@giro/domain/fund/evolve';
import type { FundState } from '@giro/domain/fund/fund-types';
import type { Action } from '@giro/domain/simulation/actions';
import type { SimulationView } from '@giro/domain/simulation/guided';
import { eq } from 'drizzle-orm';
import { setSandboxAccountStatus } from '../../src/db/sandbox-account.repository';
import { sandboxAccounts } from '../../src/db/schema';
import { type FundRequest, translate } from './fund-action-requests';
import { connectPayoutAccount, type Member } from './fund-members';
import { decideOn, type FundSnapshot, judge, snapshotFund, type Verdict } from './fund-oracle';
import type { TestApp } from './test-app';

export interface DriverSetup {
  t: TestApp;
  /** The organization's members in the order they registered (the simulation's m0, m1, …). */
  members: Member[];
  /** A member of another organization. */
  stranger: Member;
  organizationId: string;
  inviteCode: string;
  /** The fault stream: whether a browser that lost an answer sends the same request again. */
  random: () => number;
  replayRate: number;
}

/** One thing done in a step: who sent what and the answer (the HTTP status, the error's code). */
export interface Exchange {
  what: string;
  status: number;
  code: string | null;
}

/**
 * Plays the domain simulation's actions against the real server, each as what a person does
 * (fund-action-requests.ts), and holds every answer to the domain's decider on the server's own
 * state (fund-oracle.ts). What is wrong is collected in `wrong`; what was refused, by code.
 */
export class FundActionDriver {
  readonly refusals = new Map<string, number>();
  readonly accepted = new Map<string, number>();
  readonly wrong: string[] = [];
  replays = 0;
  skipped = 0;
  private readonly connected = new Set<string>();
  private step = 0;
  private exchanges: Exchange[] = [];

  constructor(private readonly s: DriverSetup) {}

  /**
   * Draws one action from the server's current state (as the simulation draws from its own),
   * plays it, and returns it with what was sent and answered.
   */
  async play(step: number, draw: (view: SimulationView) => Action) {
    this.step = step;
    this.exchanges = [];
    const snap = await snapshotFund(
      this.s.t.database,
      this.s.organizationId,
      this.s.members.map((m) => m.id),
      this.s.t.clock.now(),
    );
    const action = draw({
      state: snap.fund?.state ?? emptyFund('none'),
      members: this.s.members.map((m) => m.id),
      now: snap.now,
      hasPayoutAccount: (id) => snap.payoutAccounts.has(id),
    });
    const translation = translate(action, {
      state: snap.fund?.state,
      fundId: snap.fund?.id,
      members: this.s.members,
      memberIds: snap.memberIds,
      stranger: this.s.stranger,
    });
    switch (translation.kind) {
      case 'requests':
        for (const request of translation.requests) await this.send(snap, request);
        break;
      case 'connect':
        await this.connect(translation.actor);
        break;
      case 'provider':
        await this.provider(snap.fund?.state, translation.ok);
        break;
      case 'leave':
        await this.leave(snap, translation.actor);
        break;
      case 'wait':
        await this.wait(translation.minutes);
        break;
      case 'skip':
        this.skipped++;
        break;
    }
    if (this.exchanges.some((e) => e.status === 200))
      this.accepted.set(action.kind, (this.accepted.get(action.kind) ?? 0) + 1);
    return { action, exchanges: this.exchanges };
  }

  /** Connected accounts stay connected: a second connect is the simulation's no-op. */
  private async connect(actor: Member) {
    if (this.connected.has(actor.id)) {
      this.skipped++;
      return;
    }
    await connectPayoutAccount(actor);
    this.connected.add(actor.id);
    this.note(`${this.name(actor)} connects a payout account`, 200);
  }

  /**
   * The provider's side of a payout (the simulation's payoutResult): the recipient's connected
   * account is restricted at the provider, or restored, without our server hearing of it, so
   * the next payout fails or succeeds there.
   */
  private async provider(state: FundState | undefined, ok: boolean) {
    const recipient = state?.round?.recipientId;
    const db = this.s.t.database.db;
    const [account] = recipient
      ? await db
          .select({ accountId: sandboxAccounts.accountId })
          .from(sandboxAccounts)
          .where(eq(sandboxAccounts.userId, recipient))
      : [];
    if (!account) {
      this.skipped++;
      return;
    }
    await setSandboxAccountStatus(db, account.accountId, ok ? 'active' : 'restricted');
    this.note(`the provider ${ok ? 'restores' : 'restricts'} the recipient's account`, 200);
  }

  /** Out of this cycle, back for the next (as in the simulation): leave, then join again by the code. */
  private async leave(snap: FundSnapshot, actor: Member) {
    const command = { type: 'MemberLeft' as const, userId: actor.id };
    await this.send(snap, { actor, path: '/api/family/leave', body: {}, command }, ['LEAVE_REFUSED']);
    if (this.exchanges.at(-1)?.status !== 200) return;
    const joined = await actor.client.post('/api/family/join', { inviteCode: this.s.inviteCode });
    this.record(`${this.name(actor)} joins again`, joined.statusCode, joined, { ok: true });
    if (joined.statusCode !== 200)
      this.wrong.push(`#${this.step} rejoin: ${joined.statusCode} ${joined.body}`);
  }

  /** A jump of the test clock, through its route: the deadlines it passes are processed before the answer. */
  private async wait(minutes: number) {
    const response = await this.s.stranger.client.post('/api/test/time/fast-forward', { minutes });
    if (response.statusCode !== 200) this.wrong.push(`#${this.step} fast-forward: ${response.statusCode}`);
    this.note(`the clock jumps ${minutes} min`, response.statusCode);
  }

  /**
   * Sends one request and judges its answer. A request that moves money carries an
   * Idempotency-Key; at random the browser lost the answer and sends it again, and must get the
   * same answer with nothing done twice.
   */
  private async send(snap: FundSnapshot, request: FundRequest, alsoRefused: string[] = []) {
    const { actor, path, body, command, money } = request;
    const verdict: Verdict | 'outsider' =
      command && snap.memberIds.includes(actor.id) ? decideOn(snap, command) : 'outsider';
    const key = `fault-${this.step}-${this.exchanges.length}-${actor.id.slice(-8)}`;
    const extra = money ? { headers: { 'idempotency-key': key } } : undefined;
    const response = await actor.client.post(path, body, extra);
    if (money && this.s.random() < this.s.replayRate) {
      this.replays++;
      const again = await actor.client.post(path, body, extra);
      if (
        again.statusCode !== response.statusCode ||
        (response.statusCode === 200 && again.body !== response.body)
      )
        this.wrong.push(`#${this.step} ${path}: repeated, ${again.statusCode} after ${response.statusCode}`);
    }
    const what = `${this.name(actor)} ${path.replace(/^\/api\/rotating-fund\/[^/]+\//, '')}`;
    const problem = this.record(what, response.statusCode, response, verdict, alsoRefused);
    if (problem) this.wrong.push(`#${this.step} ${what}: ${problem}`);
  }

  private record(
    what: string,
    status: number,
    response: { json(): unknown },
    verdict: Verdict | 'outsider',
    alsoRefused: string[] = [],
  ): string | null {
    const code = status === 200 ? null : ((response.json() as { code?: string }).code ?? null);
    this.exchanges.push({ what, status, code });
    if (status !== 200) {
      const key = code ?? String(status);
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
    }
    return judge(verdict, status, code, alsoRefused);
  }

  private note(what: string, status: number) {
    this.exchanges.push({ what, status, code: null });
  }

  private name(member: Member): string {
    const index = this.s.members.indexOf(member);
    return index >= 0 ? `m${index}` : 'stranger';
  }
}

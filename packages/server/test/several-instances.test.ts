import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FundView } from '@giro/contract/fund';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { DAY_MS } from '@giro/domain/fund/rules';
import { checkJournal, ledgerAccount } from '@giro/domain/ledger';
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { readJournal } from '../src/db/ledger.repository';
import { findUserById, type UserRow } from '../src/db/user.repository';
import { runFundCommand } from '../src/use-cases/fund/run-fund-command';
import { startFundCycle } from '../src/use-cases/fund/start-fund-cycle';
import { freePort } from './support/free-port';
import { fundOf, type Member, organizationOf } from './support/fund-members';
import { type InstanceProxy, startInstanceProxy } from './support/instance-proxy';
import { freshPostgresDatabase } from './support/postgres';
import { ResyncingSocket } from './support/resyncing-socket';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Several server processes on one PostgreSQL behind a small balancer, one of them SIGTERMed in
 * the middle of contributions, votes, reads, socket traffic and deadlines coming due (issue 19,
 * "Done means"): no request fails beyond one retry, no event is lost or applied twice, every
 * deadline is processed once, every contribution is recorded once and the ledger balances.
 *
 * The instances run on real time (no test clock: a jump moves only the instance asked, so
 * instances would disagree about what is due). Families are made by the real use cases in this
 * process on the same database, back-dated on this process's clock where a phase must already
 * be open, and the deadline families' voting is opened so that it times out during the load.
 */
const root = new URL('../../..', import.meta.url).pathname;
const cleanups: (() => Promise<void>)[] = [];
/** Teardown is bounded: a process or pool that does not end must not hold the suite. */
const atMost = (ms: number, work: Promise<unknown>) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await atMost(20_000, cleanup());
});

const PAYING_FAMILIES = 3; // four members: the round's recipient and three payers
const VOTING_FAMILIES = 2; // three members who vote amount, confirmation and date during the load
const DEADLINE_FAMILIES = 4; // three members: two voted, the third never does, so voting times out
const AMOUNT_CENTS = 5000;
const SHUTDOWN_DELAY_MS = 1000;
/** From the start of the load: when the victim gets SIGTERM, and how long the load lasts. */
const SIGTERM_AT_MS = 2500;
const LOAD_MS = 6000;
/** A deadline family's voting times out this long after it is opened, each one later. */
const DEADLINE_LEAD_MS = 3000;
const DEADLINE_GAP_MS = 1500;
/** Generous: two shared cores run the instances, PostgreSQL and this process. */
const SETTLE_MS = 90_000;
const SESSION_SECRET = 'test-session-secret-of-at-least-32-chars';

interface Family {
  kind: 'paying' | 'voting' | 'deadline';
  organizationId: string;
  fundId: string;
  members: Member[];
  /** Paying families: the round's recipient, who does not pay. */
  recipientId?: string;
}
/** A member's socket through the proxy, with the family it belongs to. */
interface Watcher {
  family: Family;
  socket: ResyncingSocket;
}
/** A member's browser through the proxy: the session cookie, the CSRF cookie and token. */
interface Browser {
  label: string;
  cookie: string;
  csrf: string;
}
interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}
interface Outcome {
  what: string;
  attempts: number;
  status: number;
  detail: string;
  key?: string;
}

describe('several instances on one PostgreSQL, one SIGTERMed midway', () => {
  it.each([2, 3])(
    '%i instances: every request answered within one retry, events and deadlines once, ledger balanced',
    async (count) => {
      const { url, database, t } = await freshSetup();
      const families = await makeFamilies(t);
      // What the setup queued (emails, socket events) goes now, before the instances run.
      await t.flushOutbox();

      const ports = await Promise.all(Array.from({ length: count }, freePort));
      const proxy = await startInstanceProxy(ports);
      cleanups.push(() => proxy.close());
      const dataDir = mkdtempSync(join(tmpdir(), 'giro-instances-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const instances = ports.map((port, i) => startInstance(port, url, proxy.origin, join(dataDir, `${i}`)));
      for (const instance of instances) expect(await readyOrGone(instance)).toBe('ready');
      await proxy.allInRotation();

      const watchers = await watchEveryone(proxy, families);
      const browsers = new Map<string, Browser>();
      for (const [f, family] of families.entries())
        for (const [j, member] of family.members.entries())
          browsers.set(member.id, await browserOf(proxy.origin, member, labelOf(family, f, j)));

      const victim = 1;
      const outcomes = await runLoad(t, proxy.origin, families, browsers, () =>
        instances[victim]!.child.kill('SIGTERM'),
      );
      expect(await instances[victim]!.exited).toBe(0);
      await settle(database, watchers);

      // Every request was answered 200, some after one retry, none after more.
      expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
      // The load reached the victim, and its sockets moved to the others.
      expect(proxy.routed.requests[victim]).toBeGreaterThan(0);
      expect(watchers.some((w) => w.socket.connections.length > 1)).toBe(true);

      await expectContributionsOnce(database, families, outcomes);
      await expectLedgerBalanced(database, families);
      await expectVotesAndDeadlinesOnce(database, families);
      await expectEventsNumbered(database, families);
      await expectSocketsComplete(database, watchers);
    },
    300_000,
  );
});

// ---------------------------------------------------------------------------------------------
// Setup

async function freshSetup(): Promise<{ url: string; database: Database; t: TestApp }> {
  const fresh = await freshPostgresDatabase('giro_instances');
  cleanups.push(fresh.drop);
  const database = await openPostgres(fresh.url, 4);
  cleanups.push(() => database.close());
  await database.migrate();
  const t = await createTestApp({}, { database });
  cleanups.push(() => t.close());
  return { url: fresh.url, database, t };
}

/**
 * Every family's members, and the funds of the paying and voting families. A deadline family's
 * fund is opened just before the load (`openDeadlineVoting`), so that its deadline falls in it.
 */
async function makeFamilies(t: TestApp): Promise<Family[]> {
  const families: Family[] = [];
  for (let i = 0; i < PAYING_FAMILIES; i++) families.push(await payingFamily(t));
  for (let i = 0; i < VOTING_FAMILIES; i++) {
    const members = await organizationOf(t, 3);
    const user = await userOf(t, members[0]!);
    const fund = await startFundCycle(t.deps, user);
    families.push({ kind: 'voting', organizationId: user.familyId!, fundId: fund.id, members });
  }
  for (let i = 0; i < DEADLINE_FAMILIES; i++) {
    const members = await organizationOf(t, 3);
    const user = await userOf(t, members[0]!);
    families.push({ kind: 'deadline', organizationId: user.familyId!, fundId: '', members });
  }
  return families;
}

/** A fund in its first round with the contribution window open: its cycle began a week ago. */
async function payingFamily(t: TestApp): Promise<Family> {
  const members = await organizationOf(t, 4);
  const users = await Promise.all(members.map((m) => userOf(t, m)));
  t.clock.restore(-(7 * DAY_MS + 5 * 60_000));
  try {
    const { id } = await startFundCycle(t.deps, users[0]!);
    const run = (command: FundCommand & { userId: string }) =>
      runFundCommand(t.deps, users.find((u) => u.id === command.userId)!, id, command, {});
    for (const u of users) await run({ type: 'VoteAmount', userId: u.id, amountCents: AMOUNT_CENTS });
    for (const u of users) await run({ type: 'VoteConfirmation', userId: u.id, accept: true });
    let view: FundView | undefined;
    for (const u of users) view = await run({ type: 'VoteWithdrawalDate', userId: u.id, option: '14d' });
    const recipientId = view!.round!.recipientId;
    return { kind: 'paying', organizationId: users[0]!.familyId!, fundId: id, members, recipientId };
  } finally {
    t.clock.restore(0);
  }
}

/**
 * Opens voting in a deadline family back-dated so that it times out `leadMs` from now in real
 * time; two of the three members vote, so the timeout closes voting into confirmation.
 */
async function openDeadlineVoting(t: TestApp, family: Family, leadMs: number): Promise<void> {
  const users = await Promise.all(family.members.map((m) => userOf(t, m)));
  t.clock.restore(leadMs - DAY_MS);
  try {
    const { id } = await startFundCycle(t.deps, users[0]!);
    family.fundId = id;
    for (const [i, u] of users.slice(0, 2).entries()) {
      const command = { type: 'VoteAmount', userId: u.id, amountCents: 4000 + i * 2000 } as const;
      await runFundCommand(t.deps, u, id, command, {});
    }
  } finally {
    t.clock.restore(0);
  }
}

const userOf = async (t: TestApp, member: Member) => (await findUserById(t.deps.db, member.id)) as UserRow;

// ---------------------------------------------------------------------------------------------
// Processes, browsers, sockets

/** A real server process, started as graceful-shutdown.test.ts starts one; killed in teardown. */
function startInstance(port: number, databaseUrl: string, publicUrl: string, dataDir: string): Instance {
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      SESSION_SECRET,
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      LOG_LEVEL: 'warn',
      // Every request arrives from the proxy's address: the per-address limits are for people.
      RATE_LIMIT_SCALE: '100',
      // Its own generated keys (VAPID) go here, not into the repository's ./data.
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { port, child, exited };
}

/** Waits for /readyz 200; a process that exits first is not waited for. */
async function readyOrGone(instance: Instance): Promise<'ready' | 'exited' | 'timed out'> {
  const { port, child } = instance;
  const settled = await until(
    async () => child.exitCode !== null || (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
  );
  return child.exitCode !== null ? 'exited' : settled ? 'ready' : 'timed out';
}

/** True once `check` holds; false if it still does not after `ms`. */
async function until(check: () => Promise<boolean>, ms = 60_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Who is who in a failure message (test members' first names repeat from one family to the next). */
const labelOf = (family: Family, f: number, j: number) => `${family.kind} family ${f}, member ${j}`;

const sessionCookie = (member: Member) => `giro.sid=${member.client.cookie('giro.sid')}`;

/** The member's session (made by the setup app), and a CSRF cookie and token from an instance. */
async function browserOf(origin: string, member: Member, label: string): Promise<Browser> {
  const response = await fetch(`${origin}/api/csrf-token`, { headers: { cookie: sessionCookie(member) } });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const csrfCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { label, cookie: `${sessionCookie(member)}; ${csrfCookie}`, csrf: csrfToken };
}

/** A socket for every member, through the proxy (so spread over the instances), each resynced once. */
async function watchEveryone(proxy: InstanceProxy, families: Family[]): Promise<Watcher[]> {
  const url = `${proxy.origin.replace('http', 'ws')}/ws`;
  const watchers = families.flatMap((family, f) =>
    family.members.map((m, j) => ({
      family,
      socket: new ResyncingSocket(labelOf(family, f, j), url, sessionCookie(m), proxy.origin),
    })),
  );
  for (const { socket } of watchers) cleanups.push(async () => socket.stop());
  const started = Promise.all(watchers.map(({ socket }) => socket.start()));
  if (
    (await atMost(
      30_000,
      started.then(() => 'started'),
    )) !== 'started'
  )
    throw new Error(`sockets not started: ${watchers.flatMap((w) => w.socket.problems)}`);
  return watchers;
}

/**
 * One request through the proxy as a careful client sends it: a network error, 502 or 503 is
 * retried once with the same Idempotency-Key (so a request that did arrive is not done twice).
 */
async function send(
  origin: string,
  browser: Browser,
  path: string,
  post?: { body: unknown; key: string },
): Promise<Outcome> {
  const what = `${post ? 'POST' : 'GET'} ${path} by ${browser.label}`;
  const headers: Record<string, string> = { cookie: browser.cookie };
  if (post)
    Object.assign(headers, {
      'content-type': 'application/json',
      'x-csrf-token': browser.csrf,
      'idempotency-key': post.key,
    });
  for (let attempts = 1; ; attempts++) {
    let status = 0;
    let detail = '';
    try {
      const response = await fetch(`${origin}${path}`, {
        method: post ? 'POST' : 'GET',
        headers,
        ...(post ? { body: JSON.stringify(post.body) } : {}),
      });
      status = response.status;
      const text = await response.text();
      if (status !== 200) detail = text;
    } catch (error) {
      detail = String((error as { cause?: unknown }).cause ?? error);
    }
    if (attempts === 2 || ![0, 502, 503].includes(status))
      return { what, attempts, status, detail, ...(post ? { key: post.key } : {}) };
  }
}

// ---------------------------------------------------------------------------------------------
// The load

const card = {
  method: 'card',
  paymentMethodId: 'pm_card_visa',
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
};

/**
 * For LOAD_MS: contributions, votes and reads through the proxy, the deadline families' voting
 * timing out one after another, and SIGTERM to one instance at SIGTERM_AT_MS.
 */
async function runLoad(
  t: TestApp,
  origin: string,
  families: Family[],
  browsers: Map<string, Browser>,
  sigterm: () => void,
): Promise<Outcome[]> {
  for (const [i, family] of families.filter((f) => f.kind === 'deadline').entries())
    await openDeadlineVoting(t, family, DEADLINE_LEAD_MS + i * DEADLINE_GAP_MS);
  // Their socket events now: the instances' outbox workers would find them only when they next look.
  await t.flushOutbox();

  const outcomes: Outcome[] = [];
  const started = Date.now();
  const atLoadTime = (ms: number) => sleep(Math.max(0, started + ms - Date.now()));
  const request = async (member: Member, path: string, post?: { body: unknown; key: string }) => {
    outcomes.push(await send(origin, browsers.get(member.id)!, path, post));
  };

  // Each payer once, spread over the load; every third pays by card, the others by PayPal.
  const payers = families
    .filter((f) => f.kind === 'paying')
    .flatMap((family) =>
      family.members.filter((m) => m.id !== family.recipientId).map((m) => ({ family, m })),
    );
  const contributions = payers.map(async ({ family, m }, i) => {
    await atLoadTime((i * LOAD_MS) / payers.length);
    const body = i % 3 === 2 ? card : { method: 'paypal' };
    await request(m, `/api/rotating-fund/${family.fundId}/contributions`, { body, key: randomUUID() });
  });

  // Each voting family through amount, confirmation and date votes, a phase every two seconds.
  const steps: [string, (j: number) => unknown][] = [
    ['votes/amount', (j) => ({ amountCents: 3000 + j * 1000 })],
    ['votes/confirmation', () => ({ accept: true })],
    ['votes/withdrawal-date', () => ({ option: '14d' })],
  ];
  const votes = families
    .filter((f) => f.kind === 'voting')
    .map(async (family, f) => {
      for (const [s, [path, body]] of steps.entries()) {
        await atLoadTime(s * 2000 + f * 300);
        await Promise.all(
          family.members.map(async (m, j) => {
            await sleep(j * 150);
            const url = `/api/rotating-fund/${family.fundId}/${path}`;
            await request(m, url, { body: body(j), key: randomUUID() });
          }),
        );
      }
    });

  // Reads, as the web client refetches on events: three readers, one request after another.
  const everyone = families.flatMap((f) => f.members);
  const reads = [0, 1, 2].map(async (reader) => {
    for (let n = reader; Date.now() - started < LOAD_MS; n += 3) {
      await request(everyone[n % everyone.length]!, n % 2 ? '/api/dashboard' : '/api/rotating-fund');
      await sleep(30);
    }
  });

  const shutdown = atLoadTime(SIGTERM_AT_MS).then(sigterm);
  await Promise.all([...contributions, ...votes, ...reads, shutdown]);
  return outcomes;
}

// ---------------------------------------------------------------------------------------------
// Settling and checks

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = await database.db.execute(query);
  return ('rows' in result ? result.rows : result) as T[];
}

async function eventSeqOf(database: Database, organizationId: string): Promise<number> {
  const [row] = await rows<{ event_seq: number }>(
    database,
    sql`select event_seq from organizations where id = ${organizationId}`,
  );
  return Number(row?.event_seq ?? 0);
}

/**
 * Waits (bounded) for what the load set going to finish: payment operations done, socket events
 * announced, the deadlines placed in the test (the only ones within the next minute) come and
 * processed, every socket caught up; then resyncs every socket once more.
 * A wait that runs out is no error here: the assertions after it say what is missing.
 */
async function settle(database: Database, watchers: Watcher[]) {
  await until(async () => {
    const [row] = await rows<{ n: number }>(
      database,
      sql`select (select count(*) from payment_operations where status not in ('succeeded', 'failed'))
               + (select count(*) from outbox where topic = 'realtime' and processed_at is null)
               + (select count(*) from funds where next_deadline_at <= now() + interval '1 minute') as n`,
    );
    return Number(row?.n) === 0;
  }, SETTLE_MS);
  await until(async () => {
    for (const { family, socket } of watchers) {
      const last = socket.connections.at(-1)!;
      const newest = Math.max(last.authSeq ?? 0, ...last.events.map((e) => e.seq));
      if (newest < (await eventSeqOf(database, family.organizationId))) return false;
    }
    return true;
  }, SETTLE_MS);
  await Promise.all(watchers.map(({ socket }) => atMost(10_000, socket.resync())));
}

/** Each payer's contribution is in the round once: one event, one charge, its key stored once. */
async function expectContributionsOnce(database: Database, families: Family[], outcomes: Outcome[]) {
  for (const family of families.filter((f) => f.kind === 'paying')) {
    const payers = family.members
      .map((m) => m.id)
      .filter((id) => id !== family.recipientId)
      .sort();
    const view = await fundOf(family.members[0]!);
    expect([...(view.round?.contributedBy ?? [])].sort()).toEqual(payers);
    const made = await rows<{ contributor: string; n: number }>(
      database,
      sql`select payload->'contribution'->>'contributorId' as contributor, count(*)::int as n
          from fund_events where fund_id = ${family.fundId} and type = 'ContributionMade'
          group by 1`,
    );
    expect(made.sort(byText((r) => r.contributor))).toEqual(
      payers.map((contributor) => ({ contributor, n: 1 })),
    );
    const operations = await rows<{ kind: string; status: string; user_id: string }>(
      database,
      sql`select kind, status, user_id from payment_operations where organization_id = ${family.organizationId}`,
    );
    expect(operations.sort(byText((r) => r.user_id))).toEqual(
      payers.map((user_id) => ({ kind: 'charge', status: 'succeeded', user_id })),
    );
  }
  // Every contribution and vote committed its Idempotency-Key (the first answer, kept once).
  const keys = outcomes.flatMap((o) => (o.key ? [o.key] : []));
  const [stored] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from idempotency_keys
        where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  expect(stored?.n).toBe(keys.length);
}

/** Every journal balances; PayPal money is held at PayPal once; card money is on the cards, not booked. */
async function expectLedgerBalanced(database: Database, families: Family[]) {
  for (const family of families) {
    const journal = await readJournal(database.db, family.organizationId);
    expect(checkJournal(journal)).toEqual([]);
    if (family.kind !== 'paying') continue;
    const balance = (account: string) =>
      journal
        .flatMap((tx) => tx.entries)
        .filter((e) => e.account === account)
        .reduce((sum, e) => sum + e.amountCents, 0);
    const methods = await rows<{ user_id: string; method: string }>(
      database,
      sql`select user_id, request->>'method' as method from payment_operations
          where organization_id = ${family.organizationId}`,
    );
    for (const { user_id, method } of methods)
      expect(balance(ledgerAccount.funding(user_id))).toBe(method === 'paypal' ? -AMOUNT_CENTS : 0);
    const paypal = methods.filter((m) => m.method === 'paypal').length;
    expect(balance(ledgerAccount.providerHeld('paypal'))).toBe(paypal * AMOUNT_CENTS);
    expect(balance(ledgerAccount.providerHeld('card'))).toBe(0);
  }
  const [total] = await rows<{ sum: string }>(
    database,
    sql`select coalesce(sum(amount_cents), 0)::text as sum from ledger_entries`,
  );
  expect(total?.sum).toBe('0');
}

/** Sorts by a text field as JavaScript does (the database's collation may differ). */
const byText =
  <T>(field: (row: T) => string) =>
  (a: T, b: T) =>
    field(a) < field(b) ? -1 : field(a) > field(b) ? 1 : 0;

async function eventCounts(database: Database, fundId: string): Promise<Record<string, number>> {
  const counted = await rows<{ type: string; n: number }>(
    database,
    sql`select type, count(*)::int as n from fund_events where fund_id = ${fundId} group by type`,
  );
  return Object.fromEntries(counted.map((row) => [row.type, row.n]));
}

/**
 * Voting families went through every phase on their votes, once each. Each deadline family's
 * voting timed out exactly once, whichever instance got to it: one VotingClosed, one socket
 * event, one confirmation call to each participant.
 */
async function expectVotesAndDeadlinesOnce(database: Database, families: Family[]) {
  for (const family of families.filter((f) => f.kind === 'voting')) {
    expect((await fundOf(family.members[0]!)).phase).toBe('collecting');
    expect(await eventCounts(database, family.fundId)).toMatchObject({
      AmountVoted: 3,
      VotingClosed: 1,
      ConfirmationVoted: 3,
      FundActivated: 1,
      WithdrawalDateVoted: 3,
      RoundStarted: 1,
    });
  }
  for (const family of families.filter((f) => f.kind === 'deadline')) {
    expect((await fundOf(family.members[0]!)).phase).toBe('confirmation');
    expect(await eventCounts(database, family.fundId)).toEqual({
      VotingOpened: 1,
      AmountVoted: 2,
      VotingClosed: 1,
    });
    const [closed] = await rows<{ by_timeout: boolean }>(
      database,
      sql`select (payload->>'byTimeout')::boolean as by_timeout from fund_events
          where fund_id = ${family.fundId} and type = 'VotingClosed'`,
    );
    expect(closed?.by_timeout).toBe(true);
    const calls = await rows<{ user_id: string; n: number }>(
      database,
      sql`select user_id, count(*)::int as n from notifications
          where organization_id = ${family.organizationId} and type = 'confirmation_needed'
          group by user_id`,
    );
    calls.sort(byText((r) => r.user_id));
    const participants = family.members
      .slice(0, 2)
      .map((m) => m.id)
      .sort();
    expect(calls).toEqual(participants.map((user_id) => ({ user_id, n: 1 })));
    const timeouts = (await queuedEvents(database, family.organizationId)).filter(
      (e) => e.type === 'FUND_VOTING_TIMEOUT_REACHED',
    );
    expect(timeouts).toHaveLength(1);
  }
}

async function queuedEvents(database: Database, organizationId: string) {
  return rows<{ seq: number; type: string }>(
    database,
    sql`select (e->>'seq')::int as seq, e->>'type' as type
        from outbox o, jsonb_array_elements(o.payload->'events') e
        where o.topic = 'realtime' and o.organization_id = ${organizationId}
        order by 1`,
  );
}

/** Each organization's socket events are numbered 1..event_seq, each number once. */
async function expectEventsNumbered(database: Database, families: Family[]) {
  for (const family of families) {
    const seqs = (await queuedEvents(database, family.organizationId)).map((e) => e.seq);
    const last = await eventSeqOf(database, family.organizationId);
    expect(seqs).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  }
}

/**
 * Every socket client ends up with every event, none applied twice, judged as the web client
 * works: a connection's AUTHENTICATED `seq` is its baseline and the resync after it brings the
 * client up to date, so events at or below the baseline may come again and are dropped.
 * - no close but 1012, no error, every connection authenticated;
 * - no number twice on one connection, and none above a connection's baseline that an earlier
 *   connection had already brought (it would be applied twice);
 * - every reconnection resynced to at least its baseline;
 * - the live connection got every event from its baseline to the organization's last;
 * - the last resync shows the organization's last event and the fund as the database has it.
 */
async function expectSocketsComplete(database: Database, watchers: Watcher[]) {
  const problems: string[] = [];
  for (const { family, socket } of watchers) {
    const last = await eventSeqOf(database, family.organizationId);
    problems.push(...socket.problems, ...connectionProblems(socket, last));
    if (socket.latest?.seq !== last)
      problems.push(`${socket.name}: last resync at ${socket.latest?.seq} of ${last}`);
    const shown = (socket.latest?.data as { rotatingFund: FundView | null } | undefined)?.rotatingFund;
    const expected = await fundOf(family.members[0]!);
    const paid = (view: FundView | null | undefined) => [...(view?.round?.contributedBy ?? [])].sort().join();
    if (shown?.phase !== expected.phase || paid(shown) !== paid(expected))
      problems.push(`${socket.name}: resync shows ${shown?.phase} paid by ${paid(shown)}`);
  }
  expect(problems).toEqual([]);
}

function connectionProblems(socket: ResyncingSocket, lastSeq: number): string[] {
  const problems: string[] = [];
  const earlier = new Set<number>();
  for (const [k, connection] of socket.connections.entries()) {
    const label = `${socket.name} connection ${k + 1}`;
    const baseline = connection.authSeq;
    if (baseline === null) {
      problems.push(`${label}: not authenticated`);
      continue;
    }
    const seqs = connection.events.map((e) => e.seq);
    const twice = seqs.filter((seq, i) => seqs.indexOf(seq) !== i);
    if (twice.length > 0) problems.push(`${label}: got ${twice} twice`);
    const again = seqs.filter((seq) => seq > baseline && earlier.has(seq));
    if (again.length > 0) problems.push(`${label}: got ${again} again after reconnecting`);
    if (k > 0 && !connection.resyncs.some((seq) => seq >= baseline))
      problems.push(`${label}: no resync after reconnecting`);
    for (const seq of seqs) earlier.add(seq);
  }
  const live = socket.connections.at(-1)!;
  const missed = [];
  for (let seq = (live.authSeq ?? 0) + 1; seq <= lastSeq; seq++)
    if (!live.events.some((e) => e.seq === seq)) missed.push(seq);
  if (missed.length > 0) problems.push(`${socket.name}: missed ${missed}`);
  return problems;
}

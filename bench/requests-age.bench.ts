/**
 * What an organization's age costs its requests (ADR 0042). A family of six is played month by
 * month by the domain: each month one member asks for a request (a 400-character description),
 * the five others give to it with a message, and it is paid out. At months 1, 12, 36 and 60, at
 * the last payment of that month's request, the organization's requests state is measured as
 * it is kept now (what is in play and the requests at rest the overview shows) and as the code
 * before kept it (every request): its size; parsing it, deciding that payment, folding it and
 * building the overview (what a request command and the requests view do with it); and reading
 * it under its row lock from PostgreSQL as `request_states` stores it, as a ratio to the same read
 * of a row holding `{}`, alternating in the same run. The last column is the kept state's
 * command time as a ratio to the whole state's, measured in alternating blocks.
 * Run: npm run bench:requests-age   (options: --reads 400)
 */
import { parseArgs } from 'node:util';
import { splitResting } from '../packages/domain/src/requests/at-rest';
import { decideRequest } from '../packages/domain/src/requests/decide-request';
import { evolveRequests } from '../packages/domain/src/requests/evolve-request';
import type { RequestCommand, RequestsState } from '../packages/domain/src/requests/request-types';
import { requestsOverview } from '../packages/server/src/views/request.view';
import { lockedReads } from './support/locked-read';
import { median, microsEach, printTable, round, writeResult } from './support/report';

const { values } = parseArgs({ options: { reads: { type: 'string', default: '400' } } });
const MONTHS = [1, 12, 36, 60];
const READS = Number(values.reads);
const BLOCKS = 7;
const DAY = 86_400_000;

const members = Array.from(
  { length: 6 },
  (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
);
const names = new Map(members.map((id, i) => [id, `Member ${i}`]));
const uuid = (kind: number, n: number) =>
  `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The state after the command, which must be accepted. */
function decided(state: RequestsState, command: RequestCommand, now: number): RequestsState {
  const events = decideRequest(state, command, now);
  if (!Array.isArray(events)) throw events;
  return events.reduce(evolveRequests, state);
}

interface Moment {
  whole: RequestsState;
  kept: RequestsState;
  payment: RequestCommand;
  now: number;
}

/** The family's requests state, whole and as kept, before the last payment of each month in MONTHS. */
function momentsOf(): Map<number, Moment> {
  let whole: RequestsState = { requests: [] };
  let kept: RequestsState = { requests: [] };
  let now = Date.UTC(2026, 0, 1);
  const run = (command: RequestCommand) => {
    whole = decided(whole, command, now);
    kept = splitResting(decided(kept, command, now)).kept;
  };
  const moments = new Map<number, Moment>();
  let contribution = 0;
  for (let month = 1; month <= Math.max(...MONTHS); month++) {
    const requestId = uuid(1, month);
    const owner = members[month % members.length]!;
    run({
      type: 'CreateRequest',
      requestId,
      ownerId: owner,
      title: `Richiesta del mese ${month}`,
      description: 'Ci serve una mano per la caldaia: '.padEnd(400, '.'),
      targetCents: 50_000,
    });
    const givers = members.filter((id) => id !== owner);
    const give = (userId: string): RequestCommand => ({
      type: 'ContributeToRequest',
      requestId,
      userId,
      contributionId: uuid(2, ++contribution),
      amountCents: 10_000,
      message: 'Forza, un abbraccio da tutti noi, a presto!',
    });
    for (const userId of givers.slice(0, -1)) {
      now += DAY;
      run(give(userId));
    }
    now += DAY;
    const payment = give(givers.at(-1)!);
    if (MONTHS.includes(month)) moments.set(month, { whole, kept, payment, now });
    run(payment);
    now += DAY;
    run({ type: 'RequestPayoutOutcome', requestId, attempt: 1, ok: true });
    now += 25 * DAY;
  }
  return moments;
}

/**
 * Median µs of parse + decide + fold of the payment, then the overview, on each state's text,
 * in alternating blocks (the machine's noise falls on both alike).
 */
function commandMicros(texts: string[], payment: RequestCommand, now: number): number[] {
  const run = (text: string, n: number) =>
    microsEach(n, () => {
      const state = JSON.parse(text) as RequestsState;
      requestsOverview(decided(state, payment, now), names);
    });
  for (const text of texts) run(text, 500);
  const blocks = texts.map((): number[] => []);
  for (let b = 0; b < BLOCKS; b++) for (const [i, text] of texts.entries()) blocks[i]!.push(run(text, 300));
  return blocks.map(median);
}

const { lockedRead, end } = await lockedReads('aged_requests', READS, BLOCKS);

const headers = [
  'month',
  'JSON chars, kept',
  'JSON chars, every request',
  'command + overview µs, kept',
  'command + overview µs, every request',
  'kept ÷ every request',
  'locked read µs, kept',
  'locked read µs, every request',
  '`{}` row µs',
  'kept ÷ `{}`',
  'every request ÷ `{}`',
];
const rows: number[][] = [];
for (const [month, moment] of momentsOf()) {
  const kept = JSON.stringify(moment.kept);
  const whole = JSON.stringify(moment.whole);
  const [keptMicros, wholeMicros] = commandMicros([kept, whole], moment.payment, moment.now);
  const keptRead = await lockedRead(kept);
  const wholeRead = await lockedRead(whole);
  const floor = median([keptRead.floor, wholeRead.floor]);
  rows.push([
    month,
    kept.length,
    whole.length,
    round(keptMicros!, 1),
    round(wholeMicros!, 1),
    round(keptMicros! / wholeMicros!),
    round(keptRead.micros, 0),
    round(wholeRead.micros, 0),
    round(floor, 0),
    round(keptRead.micros / keptRead.floor),
    round(wholeRead.micros / wholeRead.floor),
  ]);
}
await end();
printTable(headers, rows);
writeResult('requests-age', { headers, rows });

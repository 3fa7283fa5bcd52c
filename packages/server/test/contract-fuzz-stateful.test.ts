import { errorStatus, isErrorCode } from '@giro/contract/errors';
import Ajv from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin } from './support/admin-app';
import { TestClient } from './support/client';
import { type Member, organizationOf } from './support/fund-members';
import { activeFund, openWindow } from './support/fund-steps';
import { arbitraryOf, type JsonSchema } from './support/json-schema-arbitrary';
import type { TestApp } from './support/test-app';

/**
 * Stateful contract fuzzing (issue 17): sequences of requests whose bodies, queries and headers
 * are valid by the OpenAPI document (so they get past validation into the use cases), sent by
 * different people: a platform admin, two members of a family with a collecting round, a member
 * of another organization, someone signed out. Routes link through the ids they answer with:
 * every id in an answer joins a pool that later path ids and body ids are drawn from, so a
 * request created by one step is voted on, contributed to or cancelled by a later one, by its
 * owner or by someone who must not see it. Idempotency-Keys come from a small set, so a key is
 * now and then reused for another body, route or person (422).
 *
 * Every answer: below 500; a 2xx one among the statuses the document declares for its route
 * and valid against the schema declared for it; an error one is `{code, message}` with a code
 * of the catalogue and that code's status. The seed is printed; FUZZ_SEED replays it (the
 * server's own ids differ from run to run, the choices among them do not), FUZZ_STATEFUL_RUNS
 * sets the number of sequences; FUZZ_VERBOSE=1 prints every error answer and the routes that
 * never answered 2xx (the ones the fuzzing does not get into: mostly those needing a mailed
 * token or a passkey).
 */
const RUNS = Number(process.env.FUZZ_STATEFUL_RUNS ?? 25);
const STEPS = 25;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * Routes that end the sender's session or membership (the mutated fuzzing in contract-fuzz
 * tries them), and /readyz, which takes no input and is 503 without the workers.
 */
const NOT_SEQUENCED = [
  'POST /api/logout',
  'POST /api/family/leave',
  'DELETE /api/sessions/{id}',
  'POST /api/sessions/sign-out-others',
  'GET /readyz',
];

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      Omit<Operation, 'route' | 'method' | 'path'> & {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

let t: TestApp;
let operations: Operation[];
let actors: { name: string; client: TestClient }[];
/** Ids seen so far in answers (the set-up's first: the family's fund), in the order they came. */
const pool: string[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

beforeAll(async () => {
  const { t: app, admin } = await appWithAdmin();
  t = app;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: (op.parameters ?? []) as Parameter[],
      ...(op.requestBody ? { body: op.requestBody.content['application/json']?.schema ?? {} } : {}),
      responses: op.responses,
    })),
  );
  operations = operations.filter((op) => !NOT_SEQUENCED.includes(op.route));
  const family = await organizationOf(t, 3);
  const fundId = (await activeFund(family)).id;
  await openWindow(family[0]!);
  const [outsider] = await organizationOf(t, 1);
  const person = (name: string, member: Member) => ({ name, client: member.client });
  // The family's members twice as often: most routes do something only for a fund's members.
  actors = [
    { name: 'admin', client: admin.client },
    person('creator', family[0]!),
    person('creator', family[0]!),
    person('member', family[1]!),
    person('member', family[1]!),
    person('third member', family[2]!),
    person('outsider', outsider!),
    { name: 'signed out', client: new TestClient(t.app) },
  ];
  pool.push(fundId, ...family.map((m) => m.id), outsider!.id);
}, 180_000);
afterAll(async () => t.close());

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: JsonSchema) => {
  const known = validators.get(schema);
  if (known) return known;
  const validate = ajv.compile(schema);
  validators.set(schema, validate);
  return validate;
};

/**
 * An id: one of the last few seen in answers (what a step just created, to act on it), any one
 * seen (any organization's), the family's fund, or one nobody has.
 */
const idChoice = fc.oneof(
  { arbitrary: fc.nat({ max: 7 }).map((n) => ({ recent: n })), weight: 3 },
  { arbitrary: fc.nat().map((n) => ({ seen: n })), weight: 3 },
  { arbitrary: fc.constant({ fund: true as const }), weight: 2 },
  { arbitrary: fc.uuid({ version: 4 }).map((id) => ({ fresh: id })), weight: 1 },
);
type IdChoice = { recent: number } | { seen: number } | { fund: true } | { fresh: string };
const pick = (choice: IdChoice): string => {
  if ('fresh' in choice) return choice.fresh;
  if ('fund' in choice) return pool[0]!;
  if ('recent' in choice) return pool[Math.max(0, pool.length - 1 - choice.recent)]!;
  return pool[choice.seen % pool.length]!;
};

/** A few keys shared by every step: reused across bodies, routes and people on purpose. */
const sharedOrFreshKey = fc.oneof(
  fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003'),
  fc.uuid(),
);
const keyOf = (header: Parameter | undefined) =>
  !header
    ? fc.constant(undefined)
    : header.required
      ? sharedOrFreshKey
      : fc.option(sharedOrFreshKey, { nil: undefined });

const isUuidParameter = (schema: JsonSchema) => schema.format === 'uuid';
/** Body fields that name a thing or a person: filled from the pool. */
const NAMES_A_THING = /(Id|^onBehalfOf)$/;
/**
 * Email fields: the document says only "a string" (zod checks the form), so a valid address is
 * put in; the mutated fuzzing sends the invalid ones.
 */
const AN_EMAIL = /email$/i;

function stepOf(op: Operation) {
  const path = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    op: fc.constant(op),
    actor: fc.nat(),
    path: fc.tuple(
      ...path.map((p) => (isUuidParameter(p.schema) ? idChoice : arbitraryOf(p.schema).map(String))),
    ),
    query: fc.tuple(
      ...query.map((p) => {
        const value = isUuidParameter(p.schema) ? idChoice : arbitraryOf(p.schema);
        return p.required ? value : fc.option(value, { nil: undefined });
      }),
    ),
    body: op.body ? arbitraryOf(op.body) : fc.constant(undefined),
    ids: fc.array(idChoice, { minLength: 4, maxLength: 4 }),
    key: keyOf(op.parameters.find((p) => p.in === 'header' && p.name === 'idempotency-key')),
    email: fc.emailAddress(),
  });
}
type Step = ReturnType<typeof stepOf> extends fc.Arbitrary<infer S> ? S : never;

/**
 * The body with its "…Id" fields drawn from the pool and its email fields valid, at any depth,
 * as a client would send it.
 */
function asAClientWould(body: unknown, ids: IdChoice[], email: string): unknown {
  let next = 0;
  const fieldOf = (key: string, field: unknown): unknown => {
    if (typeof field !== 'string') return walk(field);
    if (NAMES_A_THING.test(key)) return pick(ids[next++ % ids.length]!);
    return AN_EMAIL.test(key) ? email : field;
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, fieldOf(key, field)]));
  };
  return walk(body);
}

function harvest(value: unknown): void {
  if (typeof value === 'string') {
    if (UUID.test(value) && !pool.includes(value)) pool.push(value);
  } else if (Array.isArray(value)) value.forEach(harvest);
  else if (value && typeof value === 'object') Object.values(value).forEach(harvest);
}

async function send(step: Step, problems: string[]): Promise<{ status: number; code?: string }> {
  const { op } = step;
  const actor = actors[step.actor % actors.length]!;
  let pathIndex = 0;
  const url = op.path.replace(/\{(\w+)\}/g, () => {
    const value = step.path[pathIndex++] as IdChoice | string;
    return encodeURIComponent(typeof value === 'string' ? value : pick(value));
  });
  const search = new URLSearchParams();
  op.parameters
    .filter((p) => p.in === 'query')
    .forEach((p, i) => {
      const value = step.query[i] as IdChoice | unknown;
      if (value === undefined) return;
      search.set(p.name, isUuidParameter(p.schema) ? pick(value as IdChoice) : String(value));
    });
  const body = op.body ? asAClientWould(step.body, step.ids, step.email) : undefined;
  const address = `${url}${search.size ? `?${search}` : ''}`;
  const response = await actor.client.request(
    op.method,
    address,
    body,
    step.key === undefined ? {} : { headers: { 'idempotency-key': step.key } },
  );
  const status = response.statusCode;
  const what = `${actor.name}: ${op.route} as ${op.method} ${address} ${JSON.stringify(body)?.slice(0, 200) ?? ''} → ${status}`;
  const json = response.headers['content-type']?.toString().includes('application/json')
    ? response.json<unknown>()
    : undefined;
  if (status >= 500) {
    problems.push(`${what} ${response.body.slice(0, 200)}`);
  } else if (status < 400) {
    const declared = op.responses[String(status)] ?? op.responses.default;
    const schema = declared?.content?.['application/json']?.schema;
    if (!declared) problems.push(`${what}: status not in the document's list`);
    else if (json !== undefined && schema && !validatorOf(schema)(json))
      problems.push(
        `${what}: answer does not match its schema: ${ajv.errorsText(validatorOf(schema).errors)}`,
      );
    harvest(json);
  } else {
    const error = json as { code?: unknown; message?: unknown } | undefined;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string')
      problems.push(`${what} without code and message: ${response.body.slice(0, 120)}`);
    else if (!isErrorCode(error.code) || errorStatus(error.code) !== status)
      problems.push(`${what}: code ${error.code} is not the catalogue's for ${status}`);
    if (process.env.FUZZ_VERBOSE) console.log(what, response.body.slice(0, 160));
    return { status, code: String(error?.code) };
  }
  return { status };
}

describe('stateful contract fuzzing (issue 17)', () => {
  it('valid requests in sequence, by five kinds of sender: no 5xx, answers as declared', async () => {
    console.log(`stateful contract fuzzing: seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    const answered = new Set<string>();
    const step = fc.oneof(...operations.map(stepOf));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: STEPS / 5, maxLength: STEPS }), async (steps) => {
        for (const s of steps) {
          const { status, code } = await send(s, problems);
          const outcome = code ? `${status} ${code}` : String(status);
          statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
          if (status < 300) answered.add(s.op.route);
        }
        return true;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    const byStatus = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${n} × ${s}`);
    console.log(
      `${sent} requests over ${operations.length} routes, ${answered.size} of them answered 2xx at least once: ${byStatus.join(', ')}`,
    );
    if (process.env.FUZZ_VERBOSE)
      console.log(
        `never 2xx: ${operations
          .filter((op) => !answered.has(op.route))
          .map((op) => op.route)
          .join(', ')}`,
      );
    expect(problems).toEqual([]);
    // Still up: a plain request answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  }, 300_000);
});

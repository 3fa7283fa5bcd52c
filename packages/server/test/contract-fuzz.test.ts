import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, organizationOf } from './support/fund-members';
import { activeFund, openWindow } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Contract fuzzing (issue 17), bounded: every route of the OpenAPI document gets mutated
 * requests (any JSON as the body, odd path ids, query strings and Idempotency-Keys) from a
 * signed-in member of a running fund. None may answer 5xx, every error is `{code, message}` in
 * the catalogue's shape, and the server keeps answering. fast-check prints the seed of a failure;
 * FUZZ_RUNS raises the number of cases per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Routes that would end the fuzzing member's own session: tried last, once. */
const LAST = ['POST /api/logout'];
/**
 * `/readyz` takes no input and answers 503 by design while an instance should get no traffic
 * (here: the test app's workers are not started); test/health.test.ts covers it.
 */
const NOT_FUZZED = ['GET /readyz'];

let t: TestApp;
let routes: string[];
let member: Member;
let fundId: string;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const members = await organizationOf(t, 3);
  fundId = (await activeFund(members)).id;
  await openWindow(members[0]!);
  member = members[1]!;
}, 120_000);
afterAll(async () => t.close());

const pathId = fc.oneof(
  fc.uuid(),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('..', '%00', "1' or '1'='1", '9'.repeat(40), 'null', '-1'),
  fc.constant('FUND'),
);
const query = fc.option(
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 })),
  {
    nil: undefined,
  },
);
const idempotencyKey = fc.option(fc.string({ maxLength: 300 }), { nil: undefined });

describe('contract fuzzing of every route (issue 17)', () => {
  it("mutated bodies, ids, queries and keys on every route: no 5xx, errors in the catalogue's shape", async () => {
    const problems: string[] = [];
    const order = [...routes.filter((r) => !LAST.includes(r) && !NOT_FUZZED.includes(r)), ...LAST];
    for (const route of order) {
      const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const template = route.slice(route.indexOf(' ') + 1);
      await fc
        .assert(
          fc.asyncProperty(
            fc.jsonValue({ maxDepth: 3 }),
            pathId,
            query,
            idempotencyKey,
            async (body, id, q, key) => {
              const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
                encodeURIComponent(id === 'FUND' && name === 'id' ? fundId : id),
              );
              const search = q ? `?${new URLSearchParams(q).toString()}` : '';
              const response = await member.client.request(
                method,
                `${path}${search}`,
                method === 'GET' ? undefined : body,
                key === undefined ? {} : { headers: { 'idempotency-key': key } },
              );
              if (response.statusCode >= 500) {
                problems.push(
                  `${route} ${path}${search} → ${response.statusCode} ${response.body.slice(0, 200)}`,
                );
                return false;
              }
              if (
                response.statusCode >= 400 &&
                response.headers['content-type']?.toString().includes('json')
              ) {
                const error = response.json<{ code?: unknown; message?: unknown }>();
                if (typeof error.code !== 'string' || typeof error.message !== 'string') {
                  problems.push(
                    `${route} → ${response.statusCode} without code and message: ${response.body.slice(0, 120)}`,
                  );
                  return false;
                }
              }
              return true;
            },
          ),
          { numRuns: route === LAST[0] ? 1 : RUNS },
        )
        .catch((error: Error) => problems.push(error.message.split('\n').slice(0, 3).join(' ')));
    }
    expect(problems).toEqual([]);
    // Still up: a plain request answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  }, 240_000);
});

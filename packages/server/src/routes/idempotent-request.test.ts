import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from './idempotent-request';

describe('the request hash of an Idempotency-Key', () => {
  it('reads a body by its content: object keys in any order, arrays in theirs', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: [2, 1], c: null } }),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('differs when the method, the route, a path parameter or the body differs', () => {
    const base = { method: 'POST', route: '/api/x/:id', params: { id: 'a' }, body: { amountCents: 100 } };
    const hashes = [
      base,
      { ...base, method: 'PUT' },
      { ...base, route: '/api/y/:id' },
      { ...base, params: { id: 'b' } },
      { ...base, body: { amountCents: 101 } },
      { ...base, body: undefined },
    ].map(requestHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(requestHash({ ...base, body: { amountCents: 100 } })).toBe(hashes[0]);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });
});

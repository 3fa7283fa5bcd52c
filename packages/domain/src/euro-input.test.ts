import { describe, expect, it } from 'vitest';
import { parseEuroToCents } from './euro-input';

describe('parseEuroToCents: an amount as a member types it', () => {
  it.each([
    ['50', 5000],
    ['50.00', 5000],
    ['50,5', 5050],
    ['1.234,56', 123456],
    ['€ 10', 1000],
  ])('%s → %i cents', (input, expected) => expect(parseEuroToCents(input)).toBe(expected));
  it.each(['', 'abc', '1.2.3,4,5', '-5', '5,1234'])('rejects %s', (input) =>
    expect(parseEuroToCents(input)).toBeNull(),
  );
});

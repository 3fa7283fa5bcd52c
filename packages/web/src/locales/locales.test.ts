import { describe, expect, it } from 'vitest';
import en from './en.json';
import it_ from './it.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keys(it_).sort()).toEqual(keys(en).sort());
  });

  it('no text is left empty', () => {
    for (const tree of [it_, en]) {
      for (const key of keys(tree)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });
});

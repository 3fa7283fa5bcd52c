import { describe, expect, it } from 'vitest';
import en from './en.json';
import it_ from './it.json';

/** Every source file of the app (tests excluded), as text. */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The literal keys the code asks for: t('…'), i18n.t('…') and <Trans i18nKey="…">. */
function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [/\bt\(\s*'([^'`$]+)'/g, /\bt\(\s*"([^"`$]+)"/g, /i18nKey=["'{]+([^"'}]+)["'}]/g];
  for (const [file, text] of Object.entries(sources)) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.set(match[1]!, file);
    }
  }
  return found;
}

/** A key resolves when it is a leaf, or plural forms of it are (i18next's key_one, key_other). */
function resolves(tree: object, key: string): boolean {
  const leaves = new Set(keys(tree));
  return leaves.has(key) || (leaves.has(`${key}_one`) && leaves.has(`${key}_other`));
}

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

  it('every key the code uses exists in both languages', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used]
      .flatMap(([key, file]) => [
        ...(resolves(it_, key) ? [] : [`it: ${key} (${file})`]),
        ...(resolves(en, key) ? [] : [`en: ${key} (${file})`]),
      ])
      .sort();
    expect(missing).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text a member can meet writes its apostrophe one way, the plain one. The web's locales,
 * the error catalogue and the notification texts have their own tests; this one also covers what
 * has none: the mail templates, the weekly summary, the calendar feed, the validation messages,
 * the manifest, the push worker. It reads every source file of every package, so a typographic ’
 * pasted into any text (or comment) is caught wherever it lands. Tests are left out: they may
 * name the character.
 */
const root = join(import.meta.dirname, '../../..');
const scanned = /\.(ts|tsx|js|json|html|css|sql|txt)$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourcesUnder(path);
    return scanned.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('texts', () => {
  it('write their apostrophes one way in every package, the plain one', () => {
    const files = [
      ...['domain', 'contract', 'server', 'web'].flatMap((pkg) =>
        sourcesUnder(join(root, 'packages', pkg, 'src')),
      ),
      ...sourcesUnder(join(root, 'packages/web/public')),
      join(root, 'packages/web/index.html'),
      join(root, 'packages/web/vite.config.ts'),
    ];
    expect(files.length).toBeGreaterThan(300);
    const curly = files
      .filter((file) => readFileSync(file, 'utf8').includes('\u2019'))
      .map((file) => relative(root, file));
    expect(curly).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import enAccount from './en/account.json';
import enAdmin from './en/admin.json';
import enApp from './en/app.json';
import enPages from './en/pages.json';
import enPublic from './en/public.json';
import itAccount from './it/account.json';
import itAdmin from './it/admin.json';
import itApp from './it/app.json';
import itPages from './it/pages.json';
import itPublic from './it/public.json';

// Each language in five namespaces (lib/i18n.ts): `public` for the sign-in page and the shell,
// `pages` for a visitor's other pages, `app` for a member's pages, `account` for Account's
// security part, `admin` for the admin pages. Together, the language.
const it_ = { ...itPublic, ...itApp, ...itAccount, ...itAdmin, ...itPages };
const en = { ...enPublic, ...enApp, ...enAccount, ...enAdmin, ...enPages };

/** Every source file of the app (tests excluded), as text. */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The literal keys the code asks for: t('…'), i18n.t('…') and <Trans i18nKey="…">. */
function usedKeys(files = Object.keys(sources)): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [/\bt\(\s*'([^'`$]+)'/g, /\bt\(\s*"([^"`$]+)"/g, /i18nKey=["'{]+([^"'}]+)["'}]/g];
  for (const file of files) {
    const text = sources[file]!;
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.set(match[1]!, file);
    }
  }
  return found;
}

/** The keys `files` ask for that none of `trees` holds, each with the file asking. */
function keysOutside(files: string[], trees: object[]): string[] {
  return [...usedKeys(files)]
    .filter(([key]) => !trees.some((tree) => resolves(tree, key)))
    .map(([key, file]) => `${key} (${file})`);
}

/** A key resolves when it is a leaf, or plural forms of it are (i18next's key_one, key_other). */
function resolves(tree: object, key: string): boolean {
  const leaves = new Set(keys(tree));
  return leaves.has(key) || (leaves.has(`${key}_one`) && leaves.has(`${key}_other`));
}

/** Every text of the tree. */
function leaves(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'object' && value !== null ? leaves(value) : [String(value)],
  );
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

  it('every text writes its apostrophe one way, the plain one', () => {
    for (const [language, tree] of [
      ['it', it_],
      ['en', en],
    ] as const)
      expect(
        leaves(tree).filter((text) => text.includes('’')),
        language,
      ).toEqual([]);
  });

  it('paying a share reads the same on the Now card and in the fund, in each language', () => {
    for (const texts of [itApp, enApp]) {
      expect(texts.fund.round.contribute).toBe(texts.now.contributeButton);
    }
    // And the dialog it opens, its button, and paying for someone else name the same act.
    const act = (texts: typeof itApp) => [
      texts.fund.contribute.title,
      texts.fund.contribute.submit,
      texts.fund.cover.button,
      texts.fund.cover.title,
    ];
    for (const text of act(itApp)) expect(text).toMatch(/^Versa /);
    for (const text of act(enApp)) expect(text).toMatch(/^Pay /);
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

  it('each language has its three namespaces, with no group in two of them', () => {
    for (const trees of [
      [itPublic, itApp, itAdmin],
      [enPublic, enApp, enAdmin],
    ]) {
      const groups = trees.flatMap((tree) => Object.keys(tree));
      expect(groups.length).toBe(new Set(groups).size);
    }
    expect(Object.keys(itPublic).sort()).toEqual(Object.keys(enPublic).sort());
    expect(Object.keys(itAdmin).sort()).toEqual(Object.keys(enAdmin).sort());
  });

  it('the pages shown before signing in need only the public strings', () => {
    // What a visitor's first load renders: the shell and the signed-out pages. The `app` strings
    // load with the signed-in pages (RequireAuth) and the lazily loaded panels.
    const signedOut = [
      '../app/app.tsx',
      '../app/layout.tsx',
      '../app/routes.tsx',
      '../app/pages/auth-page.tsx',
      '../components/ui/loading-screen.tsx',
      '../components/ui/error-boundary.tsx',
      '../components/ui/toaster.tsx',
      '../features/auth/components/login-form.tsx',
      '../features/cookies/components/cookie-banner.tsx',
      '../features/cookies/components/cookie-settings-dialog.tsx',
      '../features/pwa/components/install-banner.tsx',
      '../features/pwa/components/update-card.tsx',
      '../lib/api-client.ts',
      '../lib/i18n.ts',
    ];
    expect(usedKeys(signedOut).size).toBeGreaterThan(30);
    expect(keysOutside(signedOut, [itPublic])).toEqual([]);
  });

  it("a visitor's other pages need only the public strings and their own", () => {
    const visitorPages = [
      '../app/pages/not-found-page.tsx',
      '../app/pages/static-page.tsx',
      '../app/pages/forgot-password-page.tsx',
      '../app/pages/reset-password-page.tsx',
      '../app/pages/verify-email-page.tsx',
      '../app/pages/email-verified-page.tsx',
    ];
    expect(usedKeys(visitorPages).size).toBeGreaterThan(15);
    expect(keysOutside(visitorPages, [itPublic, itPages])).toEqual([]);
    // Their strings are not the sign-in page's: none of them is also in `public`.
    expect(Object.keys(itPages).filter((key) => key in itPublic)).toEqual([]);
  });
});

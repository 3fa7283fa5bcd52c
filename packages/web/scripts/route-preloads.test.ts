// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pageOfPath, pageReads, pageSource } from '../src/app/page-paths';
import { SIGNED_IN_HINT } from '../src/features/auth/api/session';
import { browserLanguage, LANGUAGE_KEY } from '../src/lib/i18n';
import { PRELOAD_SCRIPT, pagePreloads } from './route-preloads';

const root = '/app/packages/web';
type Bundle = Parameters<typeof pagePreloads>[0];
const chunk = (fileName: string, imports: string[] = [], extra: object = {}) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null as string | null,
  ...extra,
});

/**
 * A build: the shell (with a chunk it imports), every page, the home sharing a chunk with the
 * shell, and the strings per language and namespace.
 */
function bundle(): Bundle {
  const outputs: Record<string, unknown> = {
    'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
    'assets/react.js': chunk('assets/react.js'),
    'assets/card.js': chunk('assets/card.js', ['assets/react.js']),
  };
  for (const [, page] of pageOfPath) {
    const file = `assets/${page}-page.js`;
    outputs[file] = chunk(file, page === 'dashboard' ? ['assets/card.js', 'assets/react.js'] : [], {
      facadeModuleId: `${root}/${pageSource(page)}`,
    });
  }
  for (const language of ['it', 'en'])
    for (const namespace of ['public', 'app']) {
      const file = `assets/${namespace}-${language}.js`;
      outputs[file] = chunk(file, [], {
        facadeModuleId: `${root}/src/locales/${language}/${namespace}.json`,
      });
    }
  return outputs as unknown as Bundle;
}

interface Browser {
  path: string;
  stored?: string | null;
  languages?: string[];
  /** localStorage that throws, as it does with storage blocked. */
  blocked?: boolean;
  /** The last session check named a member (features/auth/api/session's hint). */
  signedIn?: boolean;
}

/** Runs the inline script as a browser would; returns the links it added. */
function linksAt({ path, stored = null, languages = ['it-IT'], blocked = false, signedIn = true }: Browser) {
  const added: { rel: string; href: string; as?: string; crossOrigin?: string }[] = [];
  const data = JSON.stringify(pagePreloads(bundle(), root));
  const document = {
    getElementById: (id: string) => (id === 'page-preloads' ? { textContent: data } : null),
    createElement: () => ({}),
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (blocked) throw new Error('SecurityError');
      if (key === SIGNED_IN_HINT) return signedIn ? '1' : null;
      return key === LANGUAGE_KEY ? stored : null;
    },
  };
  const navigator = { languages, language: languages[0] ?? '' };
  runInNewContext(PRELOAD_SCRIPT, { document, localStorage, navigator, location: { pathname: path } });
  return added;
}

describe('index.html asks for the opened page’s code, strings and first reads (issue 12)', () => {
  it('lists each page’s chunk with what it imports, less what the shell loads, its reads and strings', () => {
    const { routes, strings } = pagePreloads(bundle(), root);
    expect(routes.find(([pattern]) => pattern === '^\\/$')).toEqual([
      '^\\/$',
      ['/assets/dashboard-page.js', '/assets/card.js'],
      pageReads.dashboard,
      ['public', 'app'],
    ]);
    const auth = routes.find(([, files]) => files.includes('/assets/auth-page.js'));
    expect(auth?.[2]).toEqual([]);
    expect(auth?.[3]).toEqual(['public']);
    expect(strings).toEqual({
      it: { public: '/assets/public-it.js', app: '/assets/app-it.js' },
      en: { public: '/assets/public-en.js', app: '/assets/app-en.js' },
    });
  });

  it('adds, for the path opened, a fetch preload per read and a module preload per file and string chunk', () => {
    const home = linksAt({ path: '/' });
    expect(home.filter((link) => link.rel === 'preload')).toEqual(
      (pageReads.dashboard ?? []).map((href) => ({
        rel: 'preload',
        href,
        as: 'fetch',
        crossOrigin: 'use-credentials',
      })),
    );
    expect(home.filter((link) => link.rel === 'modulepreload').map((link) => link.href)).toEqual([
      '/assets/public-it.js',
      '/assets/app-it.js',
      '/assets/dashboard-page.js',
      '/assets/card.js',
    ]);
    expect(linksAt({ path: '/invite/ABC123' }).map((link) => link.href)).toEqual([
      '/assets/public-it.js',
      '/assets/auth-page.js',
    ]);
    expect(linksAt({ path: '/privacy' })).toEqual([]);
  });

  it('asks for the page’s reads only where the last session check named a member', () => {
    const signedOut = linksAt({ path: '/', signedIn: false });
    expect(signedOut.filter((link) => link.rel === 'preload')).toEqual([]);
    // Its code and strings still: she signs in, and the home follows.
    expect(signedOut.map((link) => link.href)).toContain('/assets/dashboard-page.js');
    expect(linksAt({ path: '/', blocked: true }).filter((link) => link.rel === 'preload')).toEqual([]);
    expect(linksAt({ path: '/' }).filter((link) => link.rel === 'preload').length).toBeGreaterThan(0);
  });

  it('picks the strings’ language as lib/i18n does: the one picked here, else the browser’s', () => {
    const cases: Browser[] = [
      { path: '/auth', stored: 'en', languages: ['it-IT'] },
      { path: '/auth', stored: 'it', languages: ['en-GB'] },
      { path: '/auth', stored: null, languages: ['de-DE', 'en-US', 'it'] },
      { path: '/auth', stored: null, languages: ['fr-FR', 'IT'] },
      { path: '/auth', stored: 'xx', languages: ['de-DE'] },
      { path: '/auth', stored: null, languages: [] },
      { path: '/auth', blocked: true, languages: ['it-CH'] },
    ];
    for (const browser of cases) {
      const stored = browser.blocked
        ? null
        : browser.stored === 'it' || browser.stored === 'en'
          ? browser.stored
          : null;
      const expected = stored ?? browserLanguage(browser.languages ?? []);
      expect(linksAt(browser).map((link) => link.href)).toContain(`/assets/public-${expected}.js`);
    }
  });

  it('a page or string chunk the build does not have stops the build', () => {
    for (const file of ['assets/fund-page.js', 'assets/app-en.js']) {
      const broken = bundle() as unknown as Record<string, unknown>;
      delete broken[file];
      expect(() => pagePreloads(broken as unknown as Bundle, root)).toThrow(/fund-page|en\/app/);
    }
  });
});

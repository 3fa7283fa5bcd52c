// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pageOfPath, pageReads, pageSource } from '../src/app/page-paths';
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

/** A build: the shell (with a chunk it imports), every page, the home sharing a chunk with the shell. */
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
  return outputs as unknown as Bundle;
}

/** Runs the inline script as a browser would at `path`; returns the links it added. */
function linksAt(path: string, routes: ReturnType<typeof pagePreloads>) {
  const added: { rel: string; href: string; as?: string; crossOrigin?: string }[] = [];
  const document = {
    getElementById: (id: string) => (id === 'page-preloads' ? { textContent: JSON.stringify(routes) } : null),
    createElement: () => ({}),
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
  };
  runInNewContext(PRELOAD_SCRIPT, { document, location: { pathname: path } });
  return added;
}

describe('index.html asks for the opened page’s code and first reads (issue 12)', () => {
  it('lists each page’s chunk with what it imports, less what the shell loads, and its reads', () => {
    const routes = pagePreloads(bundle(), root);
    const home = routes.find(([pattern]) => pattern === '^\\/$');
    expect(home).toEqual(['^\\/$', ['/assets/dashboard-page.js', '/assets/card.js'], pageReads.dashboard]);
    expect(routes.find(([, files]) => files.includes('/assets/auth-page.js'))?.[2]).toEqual([]);
  });

  it('the inline script adds, for the path opened, a fetch preload per read and a module preload per file', () => {
    const routes = pagePreloads(bundle(), root);
    const home = linksAt('/', routes);
    expect(home.filter((link) => link.rel === 'preload')).toEqual(
      (pageReads.dashboard ?? []).map((href) => ({
        rel: 'preload',
        href,
        as: 'fetch',
        crossOrigin: 'use-credentials',
      })),
    );
    expect(home.filter((link) => link.rel === 'modulepreload').map((link) => link.href)).toEqual([
      '/assets/dashboard-page.js',
      '/assets/card.js',
    ]);
    expect(linksAt('/invite/ABC123', routes).map((link) => link.href)).toEqual(['/assets/auth-page.js']);
    expect(linksAt('/privacy', routes)).toEqual([]);
  });

  it('a page whose chunk the build does not have stops the build', () => {
    const broken = bundle() as unknown as Record<string, unknown>;
    delete broken['assets/fund-page.js'];
    expect(() => pagePreloads(broken as unknown as Bundle, root)).toThrow(/fund-page/);
  });
});

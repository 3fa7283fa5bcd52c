/**
 * The JavaScript budgets of issue 12: what a page requests before it is interactive, as sent.
 * Read from the build itself (dist/.vite/manifest.json and the .br/.gz files the build writes
 * beside each file), so the figure is deterministic: the scripts index.html loads with all they
 * import, the page's own chunk with all it imports, and the strings it waits for.
 *
 * Two figures per page: brotli, what every current browser receives, holds the budget;
 * gzip, for clients that take only gzip, holds its own ceiling. On the sign-in page gzip cannot
 * meet 100 KB with this stack: React 19 with react-dom, i18next with react-i18next, TanStack
 * Query and wouter weigh 99.4 KB gzipped on their own (ADR 0019).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  /** The path a visitor opens. */
  path: string;
  /** The page's source file, as the manifest names it (`src/app/pages/….tsx`). */
  page: string;
  /** The string chunks it waits for (Italian, the default language). */
  strings: string[];
  /** JavaScript allowed as sent with brotli, in kilobytes (1,000 bytes). */
  brotliKB: number;
  /** JavaScript allowed as sent with gzip, in kilobytes. */
  gzipKB: number;
}

const PUBLIC_STRINGS = 'src/locales/it/public.json';
const APP_STRINGS = 'src/locales/it/app.json';

export const budgets: PageBudget[] = [
  {
    path: '/auth',
    page: 'src/app/pages/auth-page.tsx',
    strings: [PUBLIC_STRINGS],
    brotliKB: 100,
    gzipKB: 115,
  },
  {
    path: '/',
    page: 'src/app/pages/dashboard-page.tsx',
    strings: [PUBLIC_STRINGS, APP_STRINGS],
    brotliKB: 130,
    gzipKB: 130,
  },
];

/** Every key reachable from `starts` through `imports`, the starts included. */
export function reachable<K>(starts: Iterable<K>, imports: (key: K) => Iterable<K>): Set<K> {
  const seen = new Set<K>();
  const visit = (key: K) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of imports(key)) visit(imported);
  };
  for (const key of starts) visit(key);
  return seen;
}

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`the manifest has no ${key}`);
    return found;
  };
  return new Set([...reachable(keys, (key) => chunk(key).imports ?? [])].map((key) => chunk(key).file));
}

export interface PageWeight {
  path: string;
  budget: { brotliKB: number; gzipKB: number };
  gzipKB: number;
  brotliKB: number;
  files: string[];
  isOver: boolean;
}

/** The manifest keys of the scripts index.html loads (its module scripts and preloads). */
export function shellChunks(manifest: Manifest, html: string): string[] {
  const urls = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g),
  ];
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keys = urls.map(([, file]) => byFile.get(file!) ?? '');
  if (keys.length === 0 || keys.includes(''))
    throw new Error('index.html loads scripts the manifest does not know');
  return keys;
}

/**
 * The size of a built file as sent: its precompressed twin, which the server sends; a file the
 * build left without one (compressing it would not shrink it) goes as it is.
 */
function compressedBytes(dist: string, file: string, extension: '.gz' | '.br'): number {
  const twin = join(dist, file + extension);
  return statSync(existsSync(twin) ? twin : join(dist, file)).size;
}

/** Weighs each page of `pageBudgets` in the build at `dist`. */
export function weighPages(dist: string, pageBudgets: PageBudget[] = budgets): PageWeight[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = shellChunks(manifest, readFileSync(join(dist, 'index.html'), 'utf8'));
  return pageBudgets.map(({ path, page, strings, brotliKB: brotliBudget, gzipKB: gzipBudget }) => {
    const files = [...staticClosure(manifest, [...entries, page, ...strings])].filter((file) =>
      file.endsWith('.js'),
    );
    const sum = (extension: '.gz' | '.br') =>
      files.reduce((total, file) => total + compressedBytes(dist, file, extension), 0) / 1000;
    const gzipKB = Math.round(sum('.gz') * 10) / 10;
    const brotliKB = Math.round(sum('.br') * 10) / 10;
    return {
      path,
      budget: { brotliKB: brotliBudget, gzipKB: gzipBudget },
      gzipKB,
      brotliKB,
      files,
      isOver: brotliKB > brotliBudget || gzipKB > gzipBudget,
    };
  });
}

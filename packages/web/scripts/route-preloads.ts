/**
 * The page's own chunks, and its first screen's API reads, asked for by index.html while the
 * shell chunk is still downloading.
 *
 * A page's chunk is a dynamic import of the shell (routes.tsx): without this, the browser learns
 * of it only once the shell's 93 KB are in and evaluated, and the page's first screen waits a
 * round trip more for its code. index.html is the same file for every path, so a few lines in it
 * match the path against app/page-paths.ts and add a `modulepreload` for each file the page's
 * chunk needs (itself and its static imports, less what the shell already loads), and a
 * `preload` (as=fetch, with credentials, as the session check's in index.html) for each read.
 * Vite's own preload helper finds the module links and does not ask twice; the app's fetch of a
 * read takes the preloaded answer.
 */
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { pageOfPath, pageReads, pageSource } from '../src/app/page-paths';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/**
 * Each page path (a RegExp's source) with the files to preload for it, from the build's bundle,
 * and the API reads its first screen waits for (app/page-paths, pageReads).
 */
export function pagePreloads(bundle: Bundle, root: string): [string, string[], readonly string[]][] {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Chunk[]) => {
    const files = new Set<string>();
    const visit = (chunk: Chunk | undefined) => {
      if (!chunk || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const file of chunk.imports) visit(byFile.get(file));
    };
    for (const chunk of start) visit(chunk);
    return files;
  };
  const shell = closure(chunks.filter((chunk) => chunk.isEntry));
  return pageOfPath.map(([pattern, page]) => {
    const source = `${root}/${pageSource(page)}`;
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === source);
    if (!chunk) throw new Error(`route-preloads: the build has no chunk for ${source}`);
    const files = [...closure([chunk])].filter((file) => !shell.has(file));
    return [pattern.source, files.map((file) => `/${file}`), pageReads[page] ?? []];
  });
}

/**
 * The inline script, the same bytes in every build: the list it reads is data beside it (a JSON
 * script, which never runs), so the server's Content-Security-Policy hash of it (server
 * plugins/web-app.ts) holds across builds, even for a server left running while dist is rebuilt.
 */
export const PRELOAD_SCRIPT =
  "(function(r,p){function a(h,f){var l=document.createElement('link');l.rel=h?'preload':'modulepreload';l.href=f;if(h){l.as='fetch';l.crossOrigin='use-credentials'}document.head.appendChild(l)}for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][2].forEach(function(f){a(1,f)});r[i][1].forEach(function(f){a(0,f)});return}})(JSON.parse(document.getElementById('page-preloads').textContent),location.pathname)";

export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'giro:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'page-preloads' },
            children: JSON.stringify(pagePreloads(bundle, root)),
            injectTo: 'head',
          },
          { tag: 'script', children: PRELOAD_SCRIPT, injectTo: 'head' },
        ];
      },
    },
  };
}

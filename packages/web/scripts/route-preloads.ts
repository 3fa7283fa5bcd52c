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
import { pageOfPath, pageReads, pageSource, signedOutPages } from '../src/app/page-paths';
import { reachable } from './bundle-budget';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

type Route = [pattern: string, files: string[], reads: readonly string[], strings: Namespace[]];
type Namespace = 'public' | 'app';
const LANGUAGES = ['it', 'en'] as const;
/** Each string chunk's file, by language and namespace. */
type Strings = Record<(typeof LANGUAGES)[number], Record<Namespace, string>>;

/**
 * Each page path (a RegExp's source) with the files to preload for it, from the build's bundle,
 * the API reads its first screen waits for (app/page-paths, pageReads), and the string
 * namespaces it waits for (a member's page: the signed-in ones too). Beside them, each string
 * chunk's file by language: the script picks the language as lib/i18n does.
 */
export function pagePreloads(bundle: Bundle, root: string): { routes: Route[]; strings: Strings } {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // A chunk's files: itself and its static imports, transitively (by file name).
  const closure = (start: Chunk[]) =>
    reachable(
      start.map((chunk) => chunk.fileName),
      (file) => byFile.get(file)?.imports ?? [],
    );
  const shell = closure(chunks.filter((chunk) => chunk.isEntry));
  const chunkOf = (source: string) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === `${root}/${source}`);
    if (!chunk) throw new Error(`route-preloads: the build has no chunk for ${source}`);
    return chunk;
  };
  const routes = pageOfPath.map(([pattern, page]): Route => {
    const files = [...closure([chunkOf(pageSource(page))])].filter((file) => !shell.has(file));
    const strings: Namespace[] = signedOutPages.includes(page) ? ['public'] : ['public', 'app'];
    return [pattern.source, files.map((file) => `/${file}`), pageReads[page] ?? [], strings];
  });
  const stringFile = (language: string, namespace: Namespace) =>
    `/${chunkOf(`src/locales/${language}/${namespace}.json`).fileName}`;
  const strings = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { public: stringFile(language, 'public'), app: stringFile(language, 'app') },
    ]),
  ) as Strings;
  return { routes, strings };
}

/**
 * The inline script, the same bytes in every build: the list it reads is data beside it (a JSON
 * script, which never runs), so the server's Content-Security-Policy hash of it (server
 * plugins/web-app.ts) holds across builds, even for a server left running while dist is rebuilt.
 * The language is lib/i18n's choice, written out again (route-preloads.test.ts holds them
 * equal): the one picked on this browser (`giro.language`), else the first of the browser's
 * languages that the app has, else English. The page's reads are asked for only where the last
 * session check named a member (`giro.signed-in`, features/auth/api/session's hint, which main.tsx
 * follows too): a visitor who is signed out is not sent two answers of 401. Reading storage here
 * also opens it while the page waits on the network, instead of inside the shell's evaluation.
 */
export const PRELOAD_SCRIPT =
  "(function(d,p){var c=JSON.parse(d.getElementById('page-preloads').textContent),L,S,n,i,t;try{L=localStorage.getItem('giro.language');S=localStorage.getItem('giro.signed-in')==='1'}catch(e){}if(L!=='it'&&L!=='en'){L='en';n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(i=0;i<n.length;i++){t=String(n[i]).slice(0,2).toLowerCase();if(t==='it'||t==='en'){L=t;break}}}function a(h,f){var l=d.createElement('link');l.rel=h?'preload':'modulepreload';l.href=f;if(h){l.as='fetch';l.crossOrigin='use-credentials'}d.head.appendChild(l)}for(i=0;i<c.routes.length;i++)if(new RegExp(c.routes[i][0]).test(p)){if(S)c.routes[i][2].forEach(function(f){a(1,f)});c.routes[i][3].forEach(function(s){a(0,c.strings[L][s])});c.routes[i][1].forEach(function(f){a(0,f)});return}})(document,location.pathname)";

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

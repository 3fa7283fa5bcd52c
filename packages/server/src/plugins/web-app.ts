import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundHandler } from './errors';

/** Vite names every built asset by its content's hash: a name never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell, the service worker and the manifest: asked again every time, so updates land at once. */
const REVALIDATE = 'no-cache';
/**
 * The icons (public/, not hashed: the manifest and the browser name them): a day. Revalidated
 * every time, the first load asked for the header's icon three times over (the HTML's, the
 * app's, the tab's), three round trips on a phone's network for 461 bytes that never change.
 */
const ICON = 'public, max-age=86400';
// The file sent may be the precompressed twin (icon.svg.br).
const isIcon = (path: string) => /\.(svg|png|ico)(\.br|\.gz)?$/.test(path);

/**
 * Serves the built web app on the API's port. Files are sent precompressed (the build writes a
 * `.br` and a `.gz` beside each; the encoding follows `Accept-Encoding`, with `Vary`); hashed
 * assets are cached for a year, everything else is revalidated. Any other path that is a page
 * gets index.html, so the browser's router decides (including its not-found page).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    preCompressed: true,
    // @fastify/static's own header (max-age=0) would override ours: off, and set below.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : isIcon(path) ? ICON : REVALIDATE);
    },
  });
});

/**
 * The Content-Security-Policy sources that let index.html's own inline scripts run, and nothing
 * else inline: one `'sha256-…'` per script of the built shell (today the few lines that ask for
 * the opened page's chunks, packages/web/scripts/route-preloads.ts). Read once at startup, from
 * the very file that is served, so a build with another script gets its hash with it.
 */
export function inlineScriptSources(root: string): string[] {
  const file = join(root, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/** A path that names a file (`/assets/…`, or a last segment with an extension), not a page. */
export function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * With the web app served, a GET for an unknown page gets index.html; the browser's router
 * decides. A file that does not exist is a 404: a tab still running an older build asks for
 * chunks that are gone, and index.html served as a script would break it instead of letting it
 * notice the failed load and reload into the new build.
 */
export const spaNotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => {
  const path = request.url.split('?')[0] ?? '';
  if (
    path.startsWith('/api/') ||
    path === '/api' ||
    path === '/ws' ||
    request.method !== 'GET' ||
    isFilePath(path)
  ) {
    return notFoundHandler(request, reply);
  }
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
};

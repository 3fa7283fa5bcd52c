import { type FunctionComponent, type LazyExoticComponent, lazy } from 'react';
import { recoverable } from './stale-build';

/**
 * A chunk's loader that asks once and hands every later caller the same promise. What is
 * preloaded for the first screen (main.tsx) must be already settled when React's lazy() asks:
 * a fresh import() of a module that is already in settles a task later in Chromium, which
 * React meets as not ready, so it commits the nearest fallback (the page's loading screen,
 * painted for a frame) and the page a render later: the home's largest paint came after both.
 * A failed load is forgotten, so the next call asks again (a network that came back).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A named export loaded on first render, as a chunk of its own: for dialogs and panels a page
 * shows only after a tap, so the page does not wait for them.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React's own lazy() accepts
export function lazyNamed<K extends string, C extends FunctionComponent<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(recoverable(() => load().then((module) => ({ default: module[name] }))));
}

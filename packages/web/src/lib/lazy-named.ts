import { type FunctionComponent, type LazyExoticComponent, lazy } from 'react';
import { recoverable } from './stale-build';

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

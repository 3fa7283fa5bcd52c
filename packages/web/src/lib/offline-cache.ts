import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type PersistedQueryClientSaveOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

/**
 * The last known state, kept in IndexedDB (TanStack Query's persister), so a member who opens
 * the installed app without a network sees their home, fund and requests as they last were
 * (issue 13). Only a signed-in member's own reads are kept, never the admin's; the copy is
 * removed at sign-out and at any sign-in (another member may use this browser next).
 */
const KEY = 'giro.offline-cache';
const BUSTER = 'giro-1';
const MAX_AGE = 14 * 24 * 3_600_000;

/**
 * The copy in IndexedDB. Writes are throttled (the persister runs the latest one at most every
 * 2 s), so whether a member is still signed in is decided when a write runs, not when it was
 * asked for: a write asked before a sign-out removes the copy instead of bringing it back.
 */
const persisterFor = (mayKeep: () => boolean) =>
  createAsyncStoragePersister({
    key: KEY,
    storage: {
      getItem: (key) => get<string>(key),
      setItem: (key, value: string) => (mayKeep() ? set(key, value) : del(key)),
      removeItem: del,
    },
    throttleTime: 2_000,
  });

/** What a member's screens read; exact keys, or a prefix for the keys below them. */
const kept = [
  '/api/session/check',
  '/api/user',
  '/api/config',
  '/api/dashboard',
  '/api/rotating-fund',
  '/api/requests',
  '/api/user-notifications',
  '/api/organization',
  '/api/connect/account',
  '/api/user/payment-preferences',
  // Where the server runs a test clock, the countdowns follow it (lib/clock-store), offline too.
  '/api/test/time',
];
const isKept = (query: Query) => {
  const [path] = query.queryKey;
  return (
    query.state.status === 'success' &&
    typeof path === 'string' &&
    kept.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
};
const isSignedIn = (client: QueryClient) =>
  (client.getQueryData<{ authenticated?: boolean }>(['/api/session/check'])?.authenticated ?? false) === true;

/** Offline at start: the last known state, before the first render. */
export async function restoreOfflineCache(client: QueryClient): Promise<void> {
  try {
    await persistQueryClientRestore({
      queryClient: client,
      persister: persisterFor(() => true),
      buster: BUSTER,
      maxAge: MAX_AGE,
    });
  } catch {
    // nothing kept, or unreadable: the page shows what it can
  }
}

/**
 * From the first render on: what is there now, then every change of a signed-in member's reads,
 * is kept (throttled). Signed out, the kept copy is removed instead.
 */
export function keepOfflineCache(client: QueryClient): () => void {
  const options: PersistedQueryClientSaveOptions = {
    queryClient: client,
    persister: persisterFor(() => isSignedIn(client)),
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false },
  };
  void persistQueryClientSave(options).catch(() => {});
  return persistQueryClientSubscribe(options);
}

/**
 * Sign-out, sign-in: the kept state was someone's; it goes. Never throws: a browser without
 * IndexedDB (idb-keyval then throws before it returns a promise) kept nothing, and a sign-out
 * must not fail for it.
 */
export async function clearOfflineCache(): Promise<void> {
  try {
    await del(KEY);
  } catch {
    // nothing kept, or nowhere to keep it
  }
}

/**
 * A tab still running an older build asks for chunks the server no longer has (404 since each
 * build names its files by their content). Reloading brings the new build; at most once in ten
 * seconds, so a chunk that is really missing shows the error screen instead of a reload loop.
 */
const RELOADED_AT_KEY = 'giro.staleBuildReloadAt';

/** Reloads into the new build, unless that was just tried; true when a reload is under way. */
export function reloadIntoNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < 10_000) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite reports a failed chunk load (`vite:preloadError`): reload instead of breaking. */
export function reloadOnceIfStale(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadIntoNewBuild()) event.preventDefault();
  });
}

/**
 * A chunk's loader that reloads into the new build when the chunk is gone. (When Vite reported
 * the failure and the reload is under way, the import resolves to nothing: wait for the reload.)
 */
export function recoverable<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().then(
      (module) => module ?? new Promise<T>(() => {}),
      (error: unknown) => {
        if (reloadIntoNewBuild()) return new Promise<T>(() => {});
        throw error;
      },
    );
}

import { describe, expect, it } from 'vitest';
import { loadOnce } from './lazy-named';

describe('loadOnce: a chunk asked for once, then the same promise', () => {
  it('hands every caller the first call’s promise, already settled once the chunk is in', async () => {
    let calls = 0;
    const module = { Page: 'page' };
    const load = loadOnce(() => {
      calls += 1;
      return Promise.resolve(module);
    });
    const first = load();
    await first;
    // What React's lazy() meets on the first render: the preload's promise, not a fresh import.
    expect(load()).toBe(first);
    expect(await load()).toBe(module);
    expect(calls).toBe(1);
  });

  it('forgets a failed load, so the next call asks again (a network that came back)', async () => {
    let calls = 0;
    const load = loadOnce(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('chunk');
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('chunk');
    expect(calls).toBe(2);
  });
});

import type { ChildProcess } from 'node:child_process';

/** Node flags for a server process whose memory a bench reads (support/memory-probe.ts). */
export const memoryProbeFlags = [
  '--expose-gc',
  '--import',
  'tsx',
  '--import',
  new URL('./memory-probe.ts', import.meta.url).pathname,
];

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** The process's memory after a full collection, asked over its IPC channel. */
export function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (message: Memory) => resolve(message));
    child.send({ type: 'memory' });
  });
}

/**
 * Preloaded into a measured process (node --expose-gc --import tsx --import this file): on
 * {type: 'memory'} over IPC it collects garbage and answers process.memoryUsage().
 */
const collect = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type?: string }) => {
  if (message?.type !== 'memory') return;
  collect?.();
  collect?.();
  setTimeout(() => {
    collect?.();
    process.send?.({ type: 'memory', ...process.memoryUsage() });
  }, 50);
});
process.channel?.unref();
// The bench went away: stop this process as its own SIGTERM would, so nothing outlives a run.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

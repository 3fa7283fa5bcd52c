/**
 * Named points on the money paths where a crash test stops this process (issue 17,
 * `test/crash-points.test.ts`). Inert unless the process runs with NODE_ENV=test and
 * GIRO_FAILPOINT names the point: then, the first time it is reached, the process tells its
 * parent (IPC) and waits there, holding whatever transaction it is in, until the parent kills it
 * with SIGKILL. Without a parent to tell, it sends itself SIGKILL at once. Either way nothing
 * after the point runs: no commit, no answer, no cleanup.
 */
const armed = process.env.NODE_ENV === 'test' ? process.env.GIRO_FAILPOINT : undefined;

export async function failpoint(name: string): Promise<void> {
  if (armed === undefined || armed !== name) return;
  if (!process.send) process.kill(process.pid, 'SIGKILL');
  process.send?.({ failpoint: name });
  await new Promise<never>(() => {});
}

import { z } from 'zod';
import { fastForwardTestClock, resetTestClock, restoreTestClock } from '../use-cases/move-test-clock';
import { type Routes, typed } from './route-kit';

const tags = ['test clock'];
const timeSchema = z.object({ now: z.string(), offsetMinutes: z.number() });

/**
 * The test clock (domain.md, The clock), only when TEST_CLOCK=1 (refused in production by the
 * configuration): any signed-in user moves server time forward or back to real time; every
 * client is told to shift its countdowns, and the deadlines the jump passed are processed
 * before the answer, so what the caller sees next is already the world after the jump. The
 * offset is kept in the database and restored when the app is ready, before it serves anything
 * or its workers start, so a restart on the same data keeps the time.
 */
export const testClockRoutes: Routes = (app, deps) => {
  const clock = deps.testClock;
  if (!deps.config.testClock || !clock) return;
  app.addHook('onReady', () => restoreTestClock(deps, clock));
  const r = typed(app);
  const now = () => ({ now: clock.now().toISOString(), offsetMinutes: clock.offsetMinutes });

  r.get('/api/test/time', { schema: { tags, response: { 200: timeSchema } } }, async () => now());

  r.post(
    '/api/test/time/fast-forward',
    {
      schema: {
        tags,
        body: z.strictObject({
          minutes: z
            .number()
            .int()
            .min(1)
            .max(366 * 24 * 60),
        }),
        response: { 200: timeSchema },
      },
    },
    async (request) => {
      await request.requireUser();
      await fastForwardTestClock(deps, clock, request.body.minutes);
      await deps.drainDeadlines();
      deps.kickOutbox();
      return now();
    },
  );

  r.post('/api/test/time/reset', { schema: { tags, response: { 200: timeSchema } } }, async (request) => {
    await request.requireUser();
    await resetTestClock(deps, clock);
    deps.kickOutbox();
    deps.kickDeadlines();
    return now();
  });
};

import { memberStatisticsSchema } from '@giro/contract/statistics';
import { exportMemberStatement } from '../use-cases/statistics/export-member-statement';
import { getMemberStatistics } from '../use-cases/statistics/get-member-statistics';
import { type Routes, typed } from './route-kit';

const tags = ['statistics'];

/** The member's own statistics page (SPEC §2) and their statement as CSV. */
export const statisticsRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/statistics/me',
    { schema: { tags, response: { 200: memberStatisticsSchema } } },
    async (request) => getMemberStatistics(deps, (await request.requireUser()).id),
  );

  r.get('/api/statistics/me/statement.csv', { schema: { tags } }, async (request, reply) => {
    const user = await request.requireUser();
    const csv = await exportMemberStatement(deps, user.id, request.language);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="giro-statement.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
};

import { exportAccount } from '../use-cases/export-account';
import { limit, type Routes, typed } from './route-kit';

const tags = ['account'];

/** Usernames are already `a-z 0-9 _ . -`; anything else would not reach the header as it is. */
const safeFilePart = (text: string) => text.replace(/[^A-Za-z0-9_.-]/g, '_');

/** The member's data export (issue 18, GDPR art. 15 and 20): a JSON file to download. */
export const exportRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/account/export',
    { schema: { tags }, config: limit(deps, 10, '1 hour', true) },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await exportAccount(deps, user.id, request.session.sessionId, request.language);
      const filename = `giro-export-${safeFilePart(user.username)}-${data.exportedAt.slice(0, 10)}.json`;
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );
};

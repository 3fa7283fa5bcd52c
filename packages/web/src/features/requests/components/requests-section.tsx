import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { lazyNamed } from '../../../lib/lazy-named';
import { useRequests } from '../api/request-queries';
import { ActiveRequest } from './active-request';
import { ActivityList } from './activity-list';
import { QueuedRequests } from './queued-requests';

const RequestFormModal = lazyNamed(() => import('./request-form-modal'), 'RequestFormModal');

/**
 * The request system (SPEC §2): the active request, the queue, recent activity, create. On the
 * home page its card is headed "Funding requests"; on its own page (`ownPage`), whose h1 already
 * says so, the card has no heading of its own and its parts' headings move up a level.
 * `AccountNote`, from the page, tells someone creating a request whether its payout has an
 * account to go to (features/payments).
 */
export function RequestsSection({
  userId,
  ownPage = false,
  AccountNote,
}: {
  userId: string;
  ownPage?: boolean;
  AccountNote?: ComponentType;
}) {
  const { t } = useTranslation();
  const overview = useRequests();
  const [isCreating, setCreating] = useState(false);
  const title = ownPage ? undefined : t('requests.title');
  const Part = ownPage ? 'h2' : 'h3';
  if (overview.isPending)
    return (
      <Card title={title}>
        <LoadingStatus />
      </Card>
    );
  if (!overview.data) {
    return (
      <Card title={title}>
        <p role="alert" className="text-sm text-red-800">
          {t('requests.loadFailed')}
        </p>
      </Card>
    );
  }
  const { active, queued, recentActivity } = overview.data;
  // One open request per member: the create button waits until theirs has ended.
  const hasOpen = active?.ownerId === userId || queued.some((r) => r.ownerId === userId);
  return (
    <Card title={title} data-testid="requests-section">
      <div className="flex flex-col gap-5">
        {active ? (
          <ActiveRequest request={active} userId={userId} heading={Part} />
        ) : (
          <p className="text-sm text-stone-600">{t('requests.noActive')}</p>
        )}
        <section>
          <Part className="mb-2 font-semibold">{t('requests.queued')}</Part>
          <QueuedRequests requests={queued} />
        </section>
        {!hasOpen && (
          <Button variant="secondary" className="sm:self-start" onClick={() => setCreating(true)}>
            {t('requests.create')}
          </Button>
        )}
        <section>
          <Part className="mb-2 font-semibold">{t('requests.recentActivity')}</Part>
          <ActivityList entries={recentActivity} showTitle testId="recent-activity" />
        </section>
      </div>
      {isCreating && (
        <Suspense fallback={null}>
          <RequestFormModal open onOpenChange={setCreating} AccountNote={AccountNote} />
        </Suspense>
      )}
    </Card>
  );
}

import type { RequestDetails } from '@giro/contract/requests';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { longDate } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { ActivityList } from './activity-list';
import { ContributorsList } from './contributors-list';
import { OwnerActions } from './owner-actions';
import { PayoutLine } from './payout-line';
import { RequestProgress } from './request-progress';

const ContributeModal = lazyNamed(() => import('./contribute-modal'), 'ContributeModal');

/** A request's page: what it is for, its progress, the owner's or a contributor's actions, timeline, contributors. */
export function RequestDetailsView({ request, userId }: { request: RequestDetails; userId: string }) {
  const { t } = useTranslation();
  const [isContributing, setContributing] = useState(false);
  const isOwner = request.ownerId === userId;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <p
          className="text-xs font-semibold tracking-wide text-teal-800 uppercase"
          data-testid="request-status"
        >
          {/* Queued: its place says it ("Posizione 1 in coda"), not "In coda · Posizione 1 in coda". */}
          {request.queuePosition !== null
            ? t('requests.queuePosition', { position: request.queuePosition })
            : t(`requests.status.${request.status}`)}
        </p>
        <h1 className="text-2xl font-bold" data-testid="request-title">
          {request.title}
        </h1>
        <p className="mb-3 text-sm text-stone-700">
          {t('requests.by', { name: request.ownerName })} ·{' '}
          {t('requests.createdOn', { date: longDate(request.createdAt) })}
          {request.expiresAt &&
            request.status === 'active' &&
            ` · ${t('requests.expires', { date: longDate(request.expiresAt) })}`}
        </p>
        {request.description && (
          <p className="mb-3 whitespace-pre-line text-stone-800">{request.description}</p>
        )}
        <RequestProgress request={request} />
        {request.payout && <PayoutLine request={request} isOwner={isOwner} />}
        <div className="mt-4 flex flex-wrap gap-2">
          {isOwner ? (
            <OwnerActions request={request} />
          ) : (
            request.status === 'active' && (
              <Button onClick={() => setContributing(true)}>{t('requests.contribute.open')}</Button>
            )
          )}
        </div>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('requests.timelineTitle')}>
          <ActivityList entries={request.timeline} testId="request-timeline" />
        </Card>
        <Card title={t('requests.contributorsTitle')}>
          <ContributorsList contributors={request.contributors} />
        </Card>
      </div>
      {!isOwner && request.status === 'active' && isContributing && (
        <Suspense fallback={null}>
          <ContributeModal request={request} open onOpenChange={setContributing} />
        </Suspense>
      )}
    </div>
  );
}

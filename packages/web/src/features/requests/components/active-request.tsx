import type { RequestSummary } from '@giro/contract/requests';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { longDate } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { paths } from '../../../lib/paths';
import { RequestProgress } from './request-progress';

const ContributeModal = lazyNamed(() => import('./contribute-modal'), 'ContributeModal');

/**
 * The one active request: progress, expiry, and Contribute for everyone but its owner. `heading`
 * is its title's level: one below whatever heads the card it sits in.
 */
export function ActiveRequest({
  request,
  userId,
  heading: Heading = 'h3',
}: {
  request: RequestSummary;
  userId: string;
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const [isContributing, setContributing] = useState(false);
  const isOwner = request.ownerId === userId;
  return (
    <article className="flex flex-col gap-3 rounded-xl bg-teal-50 p-4" data-testid="active-request">
      <div>
        <p className="text-xs font-semibold tracking-wide text-teal-800 uppercase">{t('requests.active')}</p>
        <Heading className="text-lg font-semibold">{request.title}</Heading>
        <p className="text-sm text-stone-700">
          {t('requests.by', { name: request.ownerName })}
          {request.expiresAt && ` · ${t('requests.expires', { date: longDate(request.expiresAt) })}`}
        </p>
      </div>
      {request.description && (
        <p className="text-sm whitespace-pre-line text-stone-800">{request.description}</p>
      )}
      <RequestProgress request={request} />
      <div className="flex flex-wrap gap-2">
        {!isOwner && <Button onClick={() => setContributing(true)}>{t('requests.contribute.open')}</Button>}
        <Link
          href={paths.request(request.id)}
          className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-teal-800 hover:bg-teal-100"
        >
          {t('requests.details')}
        </Link>
      </div>
      {!isOwner && isContributing && (
        <Suspense fallback={null}>
          <ContributeModal request={request} open onOpenChange={setContributing} />
        </Suspense>
      )}
    </article>
  );
}

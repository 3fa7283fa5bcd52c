import type { RequestSummary } from '@giro/contract/requests';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';

/** Collected of the target, as a bar and in words (the bar alone says nothing to a screen reader). */
export function RequestProgress({ request }: { request: RequestSummary }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={request.progress}
        aria-label={t('requests.progressLabel')}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-teal-600 motion-safe:transition-all"
          style={{ width: `${request.progress}%` }}
        />
      </div>
      <p className="text-sm text-stone-700" data-testid="request-progress">
        {t('requests.collected', {
          current: euro(request.currentAmountCents),
          target: euro(request.targetAmountCents),
          progress: request.progress,
        })}
      </p>
    </div>
  );
}

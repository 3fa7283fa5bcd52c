import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';

const tones = {
  running: 'bg-stone-100 text-stone-800',
  urgent: 'bg-amber-100 text-amber-900 ring-1 ring-amber-400',
  overdue: 'bg-red-100 text-red-900 ring-1 ring-red-400',
} as const;

/** Time left until a deadline on the client clock: urgent under 2 hours, overdue after it. */
export function DeadlineCountdown({ deadline, label }: { deadline: string; label: string }) {
  const { t } = useTranslation();
  const countdown = useCountdown(deadline);
  return (
    <p
      data-testid="countdown"
      data-status={countdown.status}
      className={`inline-flex flex-wrap items-center gap-x-2 rounded-lg px-3 py-1.5 text-sm ${tones[countdown.status]}`}
    >
      {/* Past it, "Scaduto" stands alone: "si chiude tra Scaduto" is no sentence. */}
      {countdown.status !== 'overdue' && <span>{label}</span>}
      <time dateTime={deadline} className="font-semibold tabular-nums">
        {countdown.text}
      </time>
      {countdown.status === 'urgent' && (
        <span role="status" className="font-semibold">
          {t('fund.countdown.urgent')}
        </span>
      )}
    </p>
  );
}

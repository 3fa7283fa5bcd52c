import type { FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/clock-store';
import { longDate } from '../../../lib/dates';
import { euro } from '../../../lib/format';
import { useFundRisk } from '../api/fund-queries';
import { useMemberName } from '../hooks/use-fund-people';

/** The round's failure risk (domain.md): a score and one explained line per reason, with its weight. */
export function RiskPanel({ fund }: { fund: FundView }) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const risk = useFundRisk(fund.id, fund.round !== null);
  const now = useNow(60_000);
  if (!fund.round || !risk.data) return null;
  // Before the window opens nobody can have paid: "3 of 3 missing, 13 days left" read as alarm
  // beside the Now card's "the window opens in 6 days".
  const { windowOpensAt } = fund.round;
  const beforeWindow = now < Date.parse(windowOpensAt);
  const keyOf = (code: string) =>
    code === 'missing_contributions' && beforeWindow ? 'missing_before_window' : code;
  const { score, reasons } = risk.data;
  // Two days and more in days ("14 days", not "334 hours"); less in hours, where they count.
  const timeLeft = (hours: number) =>
    hours >= 48
      ? t('fund.risk.days', { count: Math.floor(hours / 24) })
      : t('fund.risk.hours', { count: hours });
  const tone = score >= 60 ? 'bg-red-600' : score >= 30 ? 'bg-amber-500' : 'bg-teal-600';
  return (
    <section aria-labelledby="risk" data-testid="risk-panel" className="flex flex-col gap-2">
      <h3 id="risk" className="font-semibold">
        {t('fund.risk.title')}
      </h3>
      <div className="flex items-center gap-3">
        <meter
          min={0}
          max={100}
          low={30}
          high={60}
          optimum={0}
          value={score}
          aria-label={t('fund.risk.score')}
          className="sr-only"
        />
        <div className="h-2 flex-1 rounded-full bg-stone-200" aria-hidden="true">
          <div className={`h-2 rounded-full ${tone}`} style={{ width: `${score}%` }} />
        </div>
        <span className="text-sm font-semibold tabular-nums" data-testid="risk-score">
          {score}/100
        </span>
      </div>
      {reasons.length === 0 ? (
        <p className="text-sm text-stone-700">{t('fund.risk.none')}</p>
      ) : (
        <ul className="text-sm">
          {reasons.map((reason, index) => (
            <li
              key={`${reason.code}-${reason.memberId ?? index}`}
              className="flex justify-between gap-3 py-0.5"
            >
              <span>
                {t(`fund.risk.reasons.${keyOf(reason.code)}`, {
                  ...reason,
                  name: reason.memberId ? name(reason.memberId) : '',
                  amount: typeof reason.amountCents === 'number' ? euro(reason.amountCents) : '',
                  left: typeof reason.hoursLeft === 'number' ? timeLeft(reason.hoursLeft) : '',
                  date: longDate(windowOpensAt),
                  // "Manca 1 contributo", not "Mancano 1 contributi".
                  ...(typeof reason.missing === 'number' ? { count: reason.missing } : {}),
                  defaultValue: reason.code,
                })}
                {reason.atRisk === true && ` · ${t('fund.emergency.atRisk')}`}
              </span>
              <span className="text-stone-600 tabular-nums">+{reason.weight}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

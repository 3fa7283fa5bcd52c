import type { Member } from '@giro/contract/organization';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { euro, longDate } from '../../../lib/format';

/** The members, most given first, with what each gave and received and their strikes. */
export function Leaderboard({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.leaderboard')} data-testid="leaderboard">
      <ol className="divide-y divide-stone-100">
        {members.map((member, index) => (
          <li key={member.id} className="flex items-center justify-between gap-3 py-2">
            <div className="flex items-center gap-3">
              <span className="grid size-8 place-items-center rounded-full bg-teal-50 font-semibold text-teal-800">
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{member.displayName}</p>
                <p className="text-xs text-stone-600">
                  {t('dashboard.memberSince', { date: longDate(member.memberSince) })}
                </p>
              </div>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold">{euro(member.totalGivenCents)}</p>
              {member.strikes > 0 && (
                <p className="text-xs text-red-800">{t('dashboard.strikes', { count: member.strikes })}</p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

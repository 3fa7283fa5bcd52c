import type { ContributionView, FundView } from '@giro/contract/fund';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useNow } from '../../../lib/clock-store';
import { lazyNamed } from '../../../lib/lazy-named';
import { coverableMembers } from '../hooks/cover-rules';
import { useMemberName } from '../hooks/use-fund-people';

const ContributionModal = lazyNamed(() => import('./contribution-modal'), 'ContributionModal');

/**
 * "Pay for …" next to each participant this member may cover (issue 16): a sister pays for a
 * brother who is short this month; it counts as his, he owes her, and a vote about him closes.
 */
export function CoverMembers({
  fund,
  userId,
  contributions,
}: {
  fund: FundView;
  userId: string;
  contributions?: readonly ContributionView[];
}) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const now = useNow(30_000);
  const [covering, setCovering] = useState<string | null>(null);
  const members = coverableMembers(fund, userId, now, contributions);
  if (members.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="cover-members">
      <p className="text-sm text-stone-700">{t('fund.cover.hint')}</p>
      <div className="flex flex-wrap gap-2">
        {members.map((id) => (
          <Button key={id} variant="secondary" onClick={() => setCovering(id)}>
            {t('fund.cover.button', { name: name(id) })}
          </Button>
        ))}
      </div>
      {covering && (
        <Suspense fallback={null}>
          <ContributionModal
            fundId={fund.id}
            amountCents={fund.finalAmountCents ?? 0}
            onBehalfOf={{ id: covering, name: name(covering) }}
            open
            onOpenChange={(open) => !open && setCovering(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

import type { RequestDetails } from '@giro/contract/requests';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';

/** Who gave what, with their messages; a refunded contribution says so. */
export function ContributorsList({ contributors }: { contributors: RequestDetails['contributors'] }) {
  const { t } = useTranslation();
  if (contributors.length === 0)
    return <p className="text-sm text-stone-600">{t('requests.noContributors')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="contributors">
      {contributors.map((c) => (
        <li key={c.id} className="rounded-lg p-3 ring-1 ring-stone-200">
          <p className="flex justify-between gap-2 text-sm">
            <span className="font-medium">{c.contributorName}</span>
            <span>
              {euro(c.amountCents)}
              {c.refunded && <span className="ml-2 text-xs text-stone-600">{t('requests.refunded')}</span>}
            </span>
          </p>
          {c.message && <blockquote className="mt-1 text-sm text-stone-700 italic">“{c.message}”</blockquote>}
        </li>
      ))}
    </ul>
  );
}

import type { Organization } from '@giro/contract/organization';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { euro, longDate } from '../../../lib/format';

/** The organization card: name, type, member count, the caller's member-since date (and totals). */
export function OrganizationInfo({
  organization,
  showTotals = false,
}: {
  organization: Organization;
  showTotals?: boolean;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('dashboard.type'), t(`organizationTypes.${organization.type}`)],
    [t('dashboard.members'), String(organization.memberCount)],
    ...(showTotals
      ? [[t('dashboard.totalContributions'), euro(organization.totalContributionsCents)] as [string, string]]
      : []),
    [t('dashboard.memberSinceLabel'), longDate(organization.memberSince)],
  ];
  return (
    <Card title={organization.name} data-testid="organization-info">
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-stone-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

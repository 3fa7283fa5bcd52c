import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { useUser } from '../../features/auth/api/session';
import { PayoutsOwed } from '../../features/requests/components/payouts-owed';
import { ALL_STRINGS, usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { RequestsWithAccountNote } from '../requests-with-account-note';

/**
 * The funding requests on a page of their own (issue 13, /requests: the bottom bar's Requests).
 * Above them, what a family left still owes the member (ADR 0057; nothing when none): where one
 * would look for their request's payout, and where notices from before stop 74 lead.
 */
export default function RequestsPage() {
  const { t } = useTranslation(ALL_STRINGS);
  usePageTitle(t('requests.title'));
  const { user } = useUser();
  if (!user) return null;
  if (!user.familyId) return <Redirect to={paths.dashboard} replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('requests.title')}</h1>
      <PayoutsOwed />
      <RequestsWithAccountNote userId={user.id} ownPage />
    </div>
  );
}

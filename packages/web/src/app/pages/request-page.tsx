import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/ui/back-link';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useUser } from '../../features/auth/api/session';
import { useRequestDetails } from '../../features/requests/api/request-queries';
import { RequestDetailsView } from '../../features/requests/components/request-details-view';
import { usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/**
 * /requests/:id — one request of the member's organization; any other id reads as not found. Its
 * way back leads to the requests page, the section the bottom bar shows it in.
 */
export default function RequestPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const details = useRequestDetails(id);
  usePageTitle(details.data?.title ?? t('requests.title'));
  if (!user || details.isLoading) return <LoadingScreen text={t('loading.page')} />;
  return (
    <div className="flex flex-col gap-4">
      <BackLink href={paths.requests}>{t('requests.back')}</BackLink>
      {details.data ? (
        <RequestDetailsView request={details.data} userId={user.id} />
      ) : (
        <p role="alert" className="text-red-800">
          {t('requests.notFound')}
        </p>
      )}
    </div>
  );
}

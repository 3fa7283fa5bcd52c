import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The keyset pager: more rows while the server gives a next cursor, and the end said in words. */
export function LoadMore(props: { hasMore: boolean; loading: boolean; onMore: () => void; shown: number }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <p className="text-sm text-stone-600" aria-live="polite">
        {t('adminMonitoring.shown', { count: props.shown })}
      </p>
      {props.hasMore && (
        <Button variant="secondary" disabled={props.loading} onClick={props.onMore}>
          {props.loading ? t('adminMonitoring.loading') : t('adminMonitoring.loadMore')}
        </Button>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { LoadMore } from './load-more';
import { ScrollTable } from './scroll-table';

/** The part of an infinite query over the server's keyset pages that a paged table reads. */
interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { pages: { items: T[] }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A log page's table (the API log, the email tracking): loading, failure and empty said in
 * words, the rows of every page fetched so far, and the pager.
 */
export function PagedTable<T>({
  query,
  empty,
  caption,
  head,
  row,
}: {
  query: PagedQuery<T>;
  empty: string;
  caption: string;
  head: string[];
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <p role="status">{t('adminMonitoring.loading')}</p>;
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <>
      <ScrollTable caption={caption} head={head}>
        {items.map(row)}
      </ScrollTable>
      <LoadMore
        shown={items.length}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';

/** Admin home and pages: the monitoring arrives with its own issue; the guard is real now. */
export default function AdminPage({ page }: { page?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{page ? t(`admin.pages.${page}`) : t('admin.title')}</h1>
      {page ? (
        <Card>
          <p>{t('common.comingSoon')}</p>
        </Card>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {paths.adminPages.map((name) => (
            <li key={name}>
              <Link
                href={`/admin/${name}`}
                className="block rounded-xl bg-white p-4 ring-1 ring-stone-200 hover:bg-teal-50"
              >
                {t(`admin.pages.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle, VISITOR_PAGE_STRINGS } from '../../lib/i18n';
import { paths } from '../../lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation(VISITOR_PAGE_STRINGS);
  usePageTitle(t('notFound.title'));
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-stone-700">{t('notFound.body')}</p>
      <Link href={paths.dashboard} className="mt-6 inline-block text-teal-800 underline">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

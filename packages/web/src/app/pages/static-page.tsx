import { useTranslation } from 'react-i18next';
import { usePageTitle, VISITOR_PAGE_STRINGS } from '../../lib/i18n';

/** Privacy policy and terms: placeholder texts during private testing (SPEC §1). */
export default function StaticPage({ page }: { page: 'privacy' | 'terms' }) {
  const { t } = useTranslation(VISITOR_PAGE_STRINGS);
  usePageTitle(t(`static.${page}.title`));
  return (
    <article className="prose mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold">{t(`static.${page}.title`)}</h1>
      <p className="mt-4 text-stone-700">{t(`static.${page}.body`)}</p>
    </article>
  );
}

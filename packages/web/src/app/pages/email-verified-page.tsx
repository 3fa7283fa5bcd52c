import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { usePageTitle, VISITOR_PAGE_STRINGS } from '../../lib/i18n';
import { paths } from '../../lib/paths';

const SECONDS = 5;

/** Verification success: counts down to the dashboard, with buttons to go now. */
export default function EmailVerifiedPage() {
  const { t } = useTranslation(VISITOR_PAGE_STRINGS);
  usePageTitle(t('verified.title'));
  const [, navigate] = useLocation();
  const [left, setLeft] = useState(SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate(paths.dashboard, { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold text-teal-900">{t('verified.title')}</h1>
      <p className="mt-2 text-stone-700" aria-live="polite">
        {t('verified.countdown', { count: left })}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link href={paths.dashboard} className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white">
          {t('verified.dashboard')}
        </Link>
        <Link
          href={paths.account}
          className="rounded-lg px-4 py-2 font-semibold text-teal-800 ring-1 ring-stone-300"
        >
          {t('verified.account')}
        </Link>
      </div>
    </div>
  );
}

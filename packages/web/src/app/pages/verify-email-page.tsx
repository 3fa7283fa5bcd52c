import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { verifyEmail } from '../../features/auth/api/public';
import { errorText } from '../../lib/api-client';
import { usePageTitle, VISITOR_PAGE_STRINGS } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** Consumes the emailed token, then shows the success page. */
export default function VerifyEmailPage() {
  const { t } = useTranslation(VISITOR_PAGE_STRINGS);
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(token ? null : t('verify.missingToken'));
  const started = useRef(false);
  usePageTitle(failure ? t('verify.failedTitle') : t('verify.verifying'));

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(async () => {
        await client.invalidateQueries({ queryKey: ['/api/user'] });
        navigate(paths.emailVerified, { replace: true });
      })
      .catch((error) => setFailure(errorText(error)));
  }, [token, client, navigate]);

  if (!failure) return <LoadingScreen text={t('verify.verifying')} />;
  return (
    <div role="alert" className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">{t('verify.failedTitle')}</h1>
      <p className="mt-2 text-stone-700">{failure}</p>
    </div>
  );
}

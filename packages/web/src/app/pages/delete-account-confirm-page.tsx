import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { clearOfflineCache } from '../../features/auth/api/auth-mutations';
import { confirmAccountDeletion } from '../../features/auth/api/public';
import { errorText } from '../../lib/api-client';
import { ALL_STRINGS, usePageTitle } from '../../lib/i18n';

/** The last step of deletion: the emailed link lands here and asks once more. */
export default function DeleteAccountConfirmPage() {
  const { t } = useTranslation(ALL_STRINGS);
  usePageTitle(t('account.deleteAccount'));
  const token = new URLSearchParams(useSearch()).get('token');
  const client = useQueryClient();
  const [state, setState] = useState<'ask' | 'done' | string>('ask');
  const confirm = async () => {
    try {
      await confirmAccountDeletion(token ?? '');
      client.clear();
      void clearOfflineCache();
      setState('done');
    } catch (error) {
      setState(errorText(error));
    }
  };
  return (
    <Card title={t('account.deleteAccount')} className="mx-auto max-w-md">
      {state === 'done' ? (
        <p role="status">{t('account.deleted')}</p>
      ) : (
        <>
          <p className="text-stone-700">{t('account.deleteConfirmBody')}</p>
          {state !== 'ask' && (
            <p role="alert" className="mt-2 text-red-800">
              {state}
            </p>
          )}
          <Button variant="danger" className="mt-4" onClick={confirm} disabled={!token}>
            {t('account.deleteForever')}
          </Button>
        </>
      )}
    </Card>
  );
}

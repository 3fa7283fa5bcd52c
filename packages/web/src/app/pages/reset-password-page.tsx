import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { resetPassword } from '../../features/auth/api/public';
import { errorText } from '../../lib/api-client';
import { usePageTitle, VISITOR_PAGE_STRINGS } from '../../lib/i18n';
import { paths } from '../../lib/paths';

export default function ResetPasswordPage() {
  const { t } = useTranslation(VISITOR_PAGE_STRINGS);
  usePageTitle(t('reset.title'));
  const token = new URLSearchParams(useSearch()).get('token');
  const [password, setPassword] = useState('');
  const [isDone, setDone] = useState(false);
  const [isPending, setPending] = useState(false);
  if (!token) {
    return (
      <p role="alert" className="mx-auto max-w-md py-12 text-center">
        {t('reset.missingToken')}
      </p>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await resetPassword(token, password);
      setDone(true);
      toast({ title: t('reset.done') });
    } catch (error) {
      toast({ title: t('reset.failed'), description: errorText(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card title={t('reset.title')} className="mx-auto max-w-md">
      {isDone ? (
        <Link href={paths.auth} className="text-teal-800 underline">
          {t('reset.signIn')}
        </Link>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          <Field
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            minLength={10}
            hint={t('auth.passwordHint')}
          />
          <Button type="submit" busy={isPending}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </Card>
  );
}

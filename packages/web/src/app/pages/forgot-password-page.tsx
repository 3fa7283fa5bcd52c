import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { requestPasswordReset } from '../../features/auth/api/public';
import { errorText } from '../../lib/api-client';
import { usePageTitle, VISITOR_PAGE_STRINGS } from '../../lib/i18n';

/** The answer is the same whether or not the email has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(VISITOR_PAGE_STRINGS);
  usePageTitle(t('reset.forgotTitle'));
  const [email, setEmail] = useState('');
  const [isSent, setSent] = useState(false);
  const [isPending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      toast({ title: t('errors.generic'), description: errorText(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card title={t('reset.forgotTitle')} className="mx-auto max-w-md">
      {isSent ? (
        <p role="status">{t('reset.sent')}</p>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          <Field
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <Button type="submit" busy={isPending}>
            {t('reset.send')}
          </Button>
        </form>
      )}
    </Card>
  );
}

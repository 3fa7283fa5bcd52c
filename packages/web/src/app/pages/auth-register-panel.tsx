import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/ui/tabs';
import { RegisterForm } from '../../features/auth/components/register-form';
import { saveConsent, useCookieConsent } from '../../features/cookies/api/consent-store';
import { ALL_STRINGS } from '../../lib/i18n';

/**
 * The registration tab of the sign-in page: a chunk of its own (its form library, validation
 * and captcha), loaded when the tab opens, so signing in does not wait for it.
 */
export default function AuthRegisterPanel({
  inviteCode,
  isTester,
  onDone,
}: {
  inviteCode: string | undefined;
  isTester: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_STRINGS);
  const consent = useCookieConsent();
  const [mode, setMode] = useState<'create' | 'join' | null>(null);
  const registerMode = mode ?? (inviteCode && !isTester ? 'join' : 'create');
  const acceptFunctional = () =>
    saveConsent({
      analytics: consent?.analytics ?? false,
      marketing: consent?.marketing ?? false,
      functional: true,
    });
  return (
    <Tabs
      label={t('auth.register')}
      value={registerMode}
      onChange={setMode}
      className="bg-stone-100"
      items={[
        { value: 'create', label: t('auth.createTab'), testId: 'create-tab' },
        { value: 'join', label: t('auth.joinTab'), testId: 'join-tab' },
      ]}
    >
      <RegisterForm
        key={registerMode}
        mode={registerMode}
        inviteCode={isTester ? undefined : inviteCode}
        testerInvite={isTester ? inviteCode : undefined}
        functionalCookies={consent?.functional === true}
        onAcceptFunctional={acceptFunctional}
        onDone={onDone}
      />
    </Tabs>
  );
}

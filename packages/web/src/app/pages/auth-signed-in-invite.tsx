import type { User } from '@giro/contract/auth';
import type { InvitePreview } from '@giro/contract/organization';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { useServerConfig } from '../../features/auth/api/public';
import { CreateOrganizationForm, JoinForm } from '../../features/organization/components/organization-forms';
import { ALL_STRINGS } from '../../lib/i18n';

/**
 * /invite/{code} for someone already signed in: an organization's code fills the join form, a
 * tester invite the create form. A chunk of its own: the sign-in page does not need it.
 */
export default function AuthSignedInInvite({
  user,
  inviteCode,
  preview,
  isPreviewError,
  onDone,
}: {
  user: User;
  inviteCode: string;
  preview: InvitePreview | undefined;
  isPreviewError: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_STRINGS);
  const config = useServerConfig();
  if (preview?.kind === 'tester') {
    return (
      <Card title={t('organization.createTitle')} className="mx-auto max-w-md">
        {user.familyId && <p className="mb-3 text-sm text-stone-700">{t('organization.leaveToCreate')}</p>}
        <CreateOrganizationForm
          isInviteOnly={config.data?.registration === 'invite-only'}
          testerInvite={inviteCode}
          onDone={onDone}
        />
      </Card>
    );
  }
  return (
    <Card
      title={
        preview?.kind === 'organization'
          ? t('auth.joinTitle', { name: preview.organizationName })
          : t('organization.joinTitle')
      }
      className="mx-auto max-w-md"
    >
      {isPreviewError && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-red-900">
          {t('auth.invalidInvite')}
        </p>
      )}
      <JoinForm hasOrganization={Boolean(user.familyId)} initialCode={inviteCode} onDone={onDone} />
    </Card>
  );
}

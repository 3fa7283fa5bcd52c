import type { User } from '@giro/contract/auth';
import type { InvitePreview } from '@giro/contract/organization';
import { normalizeInviteCode } from '@giro/domain/organization';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useServerConfig } from '../../features/auth/api/public';
import { useOrganization } from '../../features/organization/api/organization';
import { InviteCard } from '../../features/organization/components/invite-card';
import { CreateOrganizationForm, JoinForm } from '../../features/organization/components/organization-forms';
import { ALL_STRINGS } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/**
 * /invite/{code} for someone already signed in: an organization's code fills the join form, a
 * tester invite the create form; a member who opens their own organization's link (shared in
 * the family chat, tapped again) is told they are in it already, not offered to join it. A chunk
 * of its own: the sign-in page does not need it.
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
  const organization = useOrganization(Boolean(user.familyId) && preview?.kind === 'organization');
  if (organization.isLoading) return <LoadingScreen text={t('loading.page')} />;
  if (preview?.kind === 'organization' && organization.data?.inviteCode === normalizeInviteCode(inviteCode)) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4">
        <Card title={t('organization.alreadyMemberTitle', { name: preview.organizationName })}>
          <p className="mb-4 text-stone-700">{t('organization.alreadyMemberBody')}</p>
          <Link href={paths.dashboard} className={buttonClass()}>
            {t('organization.goToHome')}
          </Link>
        </Card>
        <InviteCard organization={organization.data} />
      </div>
    );
  }
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

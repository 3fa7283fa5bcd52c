import type { Organization } from '@giro/contract/organization';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../lib/paths';

/**
 * The invite prompt for the organization's type, with the code and the link, each to copy; on
 * a phone that has one, the system's share sheet first (the family's chat is one tap away).
 */
export function InviteCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${paths.invite(organization.inviteCode)}`;
  const canShare = typeof navigator.share === 'function';
  const share = () =>
    navigator
      .share({ title: 'Giro', text: t('organization.shareText', { name: organization.name }), url: link })
      // Closed without sharing (AbortError), or refused: the copy buttons are still there.
      .catch(() => {});
  const copy = async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: copied });
    } catch {
      toast({ title: t('organization.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Card title={t(`invitePrompt.${organization.type}`)}>
      <p className="text-sm text-stone-700">{t('organization.inviteBody')}</p>
      <dl className="mt-3 grid gap-2 text-sm">
        <div>
          <dt className="text-stone-600">{t('organization.inviteCode')}</dt>
          <dd className="font-mono text-lg tracking-widest" data-testid="invite-code">
            {organization.inviteCode}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('organization.inviteLink')}</dt>
          <dd className="break-all font-mono" data-testid="invite-link">
            {link}
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {canShare && (
          <Button onClick={share} data-testid="share-invite">
            {t('organization.share')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => copy(organization.inviteCode, t('organization.codeCopied'))}
          data-testid="copy-invite-code"
        >
          {t('organization.copyCode')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => copy(link, t('organization.copied'))}
          data-testid="copy-invite"
        >
          {t('organization.copyLink')}
        </Button>
      </div>
    </Card>
  );
}

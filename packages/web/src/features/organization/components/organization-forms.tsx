import { type OrganizationType, organizationTypes } from '@giro/domain/organization';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useCreateOrganization, useJoinOrganization } from '../api/organization';

/**
 * Join by code; from settings it first leaves the current organization (the server checks the
 * rule). `initialCode` comes from an /invite/{code} link.
 *
 * The lazy invite page can re-suspend while the hook's invalidations refetch, so the form may be
 * gone when the answer lands: `onDone` must navigate all the same (lib/mutation.ts; awaiting
 * `mutateAsync` does too).
 */
export function JoinForm({
  hasOrganization,
  initialCode = '',
  onDone,
}: {
  hasOrganization: boolean;
  initialCode?: string | undefined;
  onDone?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const join = useJoinOrganization();
  const [code, setCode] = useState(initialCode);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await join.mutateAsync(code);
    } catch (error) {
      toast({ title: t('organization.joinFailed'), description: errorText(error), variant: 'destructive' });
      return;
    }
    setCode('');
    toast({ title: t('organization.joined') });
    onDone?.();
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      {hasOrganization && <p className="text-sm text-stone-700">{t('organization.joinLeavesCurrent')}</p>}
      <Field
        label={t('auth.inviteCode')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        autoCapitalize="characters"
      />
      <Button type="submit" disabled={join.isPending || code.trim().length === 0}>
        {t('organization.join')}
      </Button>
    </form>
  );
}

/**
 * Create an organization. With REGISTRATION=invite-only (the page reads it from /api/config) it
 * needs a tester invite (domain.md, Private testing); `testerInvite` comes from an /invite link.
 */
export function CreateOrganizationForm({
  isInviteOnly = false,
  testerInvite = '',
  onDone,
}: {
  isInviteOnly?: boolean | undefined;
  testerInvite?: string | undefined;
  onDone?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [type, setType] = useState<OrganizationType>('family');
  const [inviteCode, setInviteCode] = useState(testerInvite);
  const needsInvite = isInviteOnly || testerInvite !== '';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = inviteCode.trim();
    try {
      await create.mutateAsync({ name, type, ...(code ? { inviteCode: code } : {}) });
    } catch (error) {
      toast({ title: t('organization.createFailed'), description: errorText(error), variant: 'destructive' });
      return;
    }
    toast({ title: t('organization.created') });
    onDone?.();
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <Field
        label={t('auth.organizationName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        minLength={2}
        maxLength={80}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="new-organization-type" className="text-sm font-medium">
          {t('auth.organizationType')}
        </label>
        <select
          id="new-organization-type"
          value={type}
          onChange={(e) => setType(e.target.value as OrganizationType)}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        >
          {organizationTypes.map((option) => (
            <option key={option} value={option}>
              {t(`organizationTypes.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {needsInvite && (
        <Field
          label={t('auth.testerInvite')}
          value={inviteCode}
          onChange={(e) => setInviteCode(e.target.value)}
          required={isInviteOnly}
          autoCapitalize="characters"
          hint={isInviteOnly ? t('auth.inviteOnly') : undefined}
        />
      )}
      <Button type="submit" disabled={create.isPending || (isInviteOnly && inviteCode.trim() === '')}>
        {t('organization.create')}
      </Button>
    </form>
  );
}

/** For a member without an organization: create one, or join one with its code, side by side. */
export function OrganizationChoice({ isInviteOnly }: { isInviteOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title={t('organization.createTitle')}>
        <CreateOrganizationForm isInviteOnly={isInviteOnly} />
      </Card>
      <Card title={t('organization.joinTitle')}>
        <JoinForm hasOrganization={false} />
      </Card>
    </div>
  );
}

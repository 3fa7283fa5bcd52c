import { type OrganizationType, organizationTypes } from '@giro/domain/organization';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useCreateOrganization, useJoinOrganization } from '../api/organization';

/** Join by code; from settings it first leaves the current organization (the server checks the rule). */
export function JoinForm({ hasOrganization }: { hasOrganization: boolean }) {
  const { t } = useTranslation();
  const join = useJoinOrganization();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(code, {
      onSuccess: () => {
        setCode('');
        toast({ title: t('organization.joined') });
      },
      onError: (error) =>
        toast({ title: t('organization.joinFailed'), description: errorText(error), variant: 'destructive' }),
    });
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

export function CreateOrganizationForm() {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [type, setType] = useState<OrganizationType>('family');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, type },
      {
        onSuccess: () => toast({ title: t('organization.created') }),
        onError: (error) =>
          toast({
            title: t('organization.createFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
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
      <Button type="submit" disabled={create.isPending}>
        {t('organization.create')}
      </Button>
    </form>
  );
}

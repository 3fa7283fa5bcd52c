import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/security';

const cancelled = (failure: unknown) =>
  failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError');

/** The member's passkeys (issue 18): add one with a name, rename, remove. */
export function PasskeysCard() {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const formRef = useFocusFirstInvalid(errors);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('passkeyName') ?? '').trim();
    const password = String(data.get('passkeyPassword') ?? '');
    const found = {
      name: name ? undefined : t('validation.required'),
      password: password ? undefined : t('validation.required'),
    };
    setErrors(found);
    if (found.name || found.password) return;
    add.mutate(
      { name, password },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('security.passkeyAdded', { name }) });
        },
        onError: (failure) =>
          toast({
            title: t('security.passkeyAddFailed'),
            description: cancelled(failure) ? t('security.passkeyCancelled') : errorText(failure),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div data-testid="passkeys">
      <h3 className="text-base font-semibold">{t('security.passkeys')}</h3>
      <p className="mt-1 text-sm text-stone-700">{t('security.passkeysBody')}</p>
      {passkeys.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t('security.loadFailed')}
        </p>
      )}
      <ul className="mt-3 flex flex-col gap-2">
        {passkeys.data?.map((passkey) => (
          <PasskeyRow key={passkey.id} {...passkey} />
        ))}
      </ul>
      {passkeys.data?.length === 0 && (
        <p className="mt-2 text-sm text-stone-600">{t('security.noPasskeys')}</p>
      )}
      {supported ? (
        <form
          ref={formRef}
          onSubmit={onAdd}
          noValidate
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <Field
            label={t('security.passkeyName')}
            name="passkeyName"
            placeholder={t('security.passkeyNamePlaceholder')}
            maxLength={60}
            error={errors.name}
            className="sm:flex-1"
          />
          <Field
            label={t('security.passkeyPassword')}
            name="passkeyPassword"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            className="sm:flex-1"
          />
          <Button type="submit" needsNetwork busy={add.isPending} data-testid="add-passkey">
            {t('security.addPasskey')}
          </Button>
        </form>
      ) : (
        <p className="mt-2 text-sm text-stone-600">{t('security.passkeysUnsupported')}</p>
      )}
    </div>
  );
}

function PasskeyRow({
  id,
  name,
  createdAt,
  lastUsedAt,
  synced,
  verifiesHolder,
}: {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  synced: boolean;
  verifiesHolder: boolean | null;
}) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const onRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!next) return;
    rename.mutate(
      { id, name: next },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) =>
          toast({
            title: t('security.renameFailed'),
            description: errorText(failure),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <li className="rounded-lg border border-stone-200 p-3 text-sm" data-testid="passkey-row">
      {editing ? (
        <form onSubmit={onRename} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field
            label={t('security.passkeyName')}
            name="name"
            defaultValue={name}
            maxLength={60}
            autoFocus
            className="sm:flex-1"
          />
          <Button type="submit" needsNetwork busy={rename.isPending}>
            {t('security.save')}
          </Button>
          <Button type="button" variant="secondary" needsNetwork={false} onClick={() => setEditing(false)}>
            {t('security.cancel')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="font-medium">{name}</p>
            <p className="text-stone-600">
              {t('security.addedOn', { date: dateTime(createdAt) })}
              {' · '}
              {lastUsedAt ? t('security.lastUsed', { date: dateTime(lastUsedAt) }) : t('security.neverUsed')}
              {synced && ` · ${t('security.synced')}`}
            </p>
            {/* A sign-in came without the holder's check (refused since stop 73): it is dead weight. */}
            {verifiesHolder === false && (
              <p className="mt-1 text-amber-900">{t('security.passkeyUnverified')}</p>
            )}
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              needsNetwork={false}
              onClick={() => setEditing(true)}
              aria-label={t('security.renameNamed', { name })}
            >
              {t('security.rename')}
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  variant="secondary"
                  needsNetwork
                  busy={remove.isPending}
                  aria-label={t('security.removeNamed', { name })}
                >
                  {t('security.remove')}
                </Button>
              }
              title={t('security.removeTitle', { name })}
              body={t('security.removeBody')}
              confirmLabel={t('security.remove')}
              onConfirm={() =>
                remove.mutate(id, {
                  onError: (failure) =>
                    toast({
                      title: t('security.removeFailed'),
                      description: errorText(failure),
                      variant: 'destructive',
                    }),
                })
              }
            />
          </div>
        </div>
      )}
    </li>
  );
}

import { DISMISSAL_REASON_MAX as DISMISSAL_REASON_LIMIT } from '@giro/domain/fund/rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useFundAction } from '../api/fund-actions';

/** A dismissal needs a reason of 1–499 characters (SPEC §5), checked here before the server does. */
export function validateReason(reason: string): 'reasonRequired' | 'reasonTooLong' | null {
  if (reason.trim().length === 0) return 'reasonRequired';
  if (reason.length > DISMISSAL_REASON_LIMIT) return 'reasonTooLong';
  return null;
}

export function DismissDialog({
  fundId,
  open,
  onOpenChange,
}: {
  fundId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const dismiss = useFundAction('dismiss');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateReason(reason);
    if (problem) return setError(t(`fund.dismiss.${problem}`));
    setError(undefined);
    dismiss.run({ fundId, body: { accept: false, reason } }, { onSuccess: () => onOpenChange(false) });
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('fund.dismiss.title')}
      description={t('fund.dismiss.explain')}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {t('fund.dismiss.reasonLabel')}
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="rounded-lg border border-stone-300 p-3 text-base focus-visible:outline-3 focus-visible:outline-teal-600 aria-invalid:border-red-700"
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-stone-600">
            {t('fund.dismiss.hint', { count: reason.length, max: DISMISSAL_REASON_LIMIT })}
          </p>
        )}
        <Button type="submit" variant="danger" busy={dismiss.isPending}>
          {t('fund.dismiss.submit')}
        </Button>
      </form>
    </Modal>
  );
}

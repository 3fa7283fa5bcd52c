import type { RequestDetails } from '@giro/contract/requests';
import { type ComponentType, type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { amountInput } from '../../../lib/amount-input';
import { euro } from '../../../lib/format';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCreateRequest, useEditRequest } from '../api/request-actions';
import { type RequestFormValues, validateRequestForm } from '../api/request-form';

/**
 * Create a request, or edit one's own: title and description while pending or active, the
 * target only while pending (domain.md, Funding requests).
 */
export function RequestFormModal({
  open,
  onOpenChange,
  request,
  AccountNote,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request to edit; none: a new one. */
  request?: RequestDetails;
  /** Said above a new request's fields: whether its payout has an account to go to (the page's). */
  AccountNote?: ComponentType;
}) {
  const { t } = useTranslation();
  const create = useCreateRequest();
  const edit = useEditRequest(request?.id ?? '');
  const withTarget = !request || request.status === 'pending';
  const [values, setValues] = useState<RequestFormValues>({
    title: request?.title ?? '',
    description: request?.description ?? '',
    target: request ? amountInput(request.targetAmountCents) : '',
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateRequestForm>['errors']>({});
  const formRef = useFocusFirstInvalid(errors);
  const set = (field: keyof RequestFormValues) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });
  const message = (field: string) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRequestForm(values, withTarget, euro);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    const close = { onSuccess: () => onOpenChange(false) };
    const text = { title: values.title.trim(), description: values.description.trim() };
    if (!request) create.mutate({ ...text, targetAmountCents: checked.targetCents! }, close);
    else edit.mutate({ ...text, ...(withTarget ? { targetAmountCents: checked.targetCents! } : {}) }, close);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(request ? 'requests.form.editTitle' : 'requests.form.createTitle')}
      testId="request-form"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {!request && AccountNote && (
          <Suspense fallback={null}>
            <AccountNote />
          </Suspense>
        )}
        <Field
          label={t('requests.form.title')}
          value={values.title}
          onChange={set('title')}
          error={message('title')}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="request-description" className="text-sm font-medium text-stone-800">
            {t('requests.form.description')}
          </label>
          <textarea
            id="request-description"
            rows={4}
            value={values.description}
            onChange={set('description')}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'request-description-error' : undefined}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-teal-600 aria-invalid:border-red-700"
          />
          {errors.description && (
            <p id="request-description-error" role="alert" className="text-sm text-red-800">
              {message('description')}
            </p>
          )}
        </div>
        {withTarget ? (
          <Field
            label={t('requests.form.target')}
            hint={t('requests.form.targetHint')}
            placeholder={amountInput(50_000)}
            inputMode="decimal"
            value={values.target}
            onChange={set('target')}
            error={message('target')}
          />
        ) : (
          <p className="text-sm text-stone-600">{t('requests.form.targetLocked')}</p>
        )}
        <Button type="submit" disabled={create.isPending || edit.isPending}>
          {t(request ? 'requests.form.save' : 'requests.form.create')}
        </Button>
      </form>
    </Modal>
  );
}

import type { RequestDetails } from '@giro/contract/requests';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { euro } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { useCancelRequest, useConcludeRequest } from '../api/request-actions';

const RequestFormModal = lazyNamed(() => import('./request-form-modal'), 'RequestFormModal');

/** The owner's actions (SPEC §6): edit while open, conclude while active, cancel (irreversible). */
export function OwnerActions({ request }: { request: RequestDetails }) {
  const { t } = useTranslation();
  const cancel = useCancelRequest(request.id);
  const conclude = useConcludeRequest(request.id);
  const [isEditing, setEditing] = useState(false);
  const isOpen = request.status === 'pending' || request.status === 'active';
  if (!isOpen) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="owner-actions">
      <Button variant="secondary" onClick={() => setEditing(true)}>
        {t('requests.edit')}
      </Button>
      {request.status === 'active' && (
        <ConfirmDialog
          trigger={<Button busy={conclude.isPending}>{t('requests.conclude')}</Button>}
          title={t('requests.concludeTitle')}
          body={
            request.currentAmountCents > 0
              ? t('requests.concludeBody', { amount: euro(request.currentAmountCents) })
              : t('requests.concludeBodyEmpty')
          }
          confirmLabel={t('requests.conclude')}
          // Concluding takes nothing away: what was raised is paid out to the owner.
          tone="primary"
          onConfirm={() => conclude.mutate(undefined)}
        />
      )}
      <ConfirmDialog
        trigger={
          <Button variant="danger" busy={cancel.isPending}>
            {t('requests.cancel')}
          </Button>
        }
        title={t('requests.cancelTitle')}
        body={t('requests.cancelBody')}
        confirmLabel={t('requests.cancelConfirm')}
        cancelLabel={t('requests.cancelKeep')}
        onConfirm={() => cancel.mutate(undefined)}
      />
      {isEditing && (
        <Suspense fallback={null}>
          <RequestFormModal open onOpenChange={setEditing} request={request} />
        </Suspense>
      )}
    </div>
  );
}
